/**
 * One bot of the Colyseus peer, with `@colyseus/sdk` as a Colyseus game would ship it:
 * `joinOrCreate(variant)` finds a room of two, the player plays every state it receives (bench/bot-player.ts,
 * the product bots' brain and recorders), and at the end of the match it leaves and searches again after
 * the same 0.2–1 s pause as the product's bots. Each room is a new WebSocket; the bytes of all of them are
 * counted on their TCP sockets (the matchmaking HTTP requests are not game traffic and are not counted).
 */
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Client, type Room } from '@colyseus/sdk';
import type { GameData } from '../../../src/common/protocol.ts';
import { createBotPlayer } from '../../bot-player.ts';
import { type WireCount, wireCountOf } from '../../wire-bytes.ts';
import { PADDLE_MESSAGE } from './peer-match.ts';
import type { PeerBotModule } from './peer-types.ts';
import { gameDataOfFields, type PongFields } from './pong-fields.ts';

type GameStateMessage = { gameId: string; playerIndex: 0 | 1; data: GameData };

/** The TCP socket under the SDK's `ws` WebSocket (Node 20 has no global WebSocket, so the SDK uses `ws`). */
function tcpOf(room: Room): Socket {
  const transport = room.connection.transport as { ws?: { _socket?: Socket } };
  const socket = transport.ws?._socket;
  if (!socket)
    throw new Error('the Colyseus SDK is not on a `ws` WebSocket: its wire bytes cannot be counted');
  return socket;
}

export const startColyseusBot: PeerBotModule['startColyseusBot'] = async (baseUrl, variant, random, rec) => {
  const client = new Client(baseUrl);
  const player = createBotPlayer(random, rec, { countsGameOver: true });
  const counted: WireCount = { down: 0, up: 0 };
  let current: { room: Room; tcp: Socket; leaving: boolean } | null = null;
  let closed = false;

  const count = (error: string) => rec.errors.set(error, (rec.errors.get(error) ?? 0) + 1);
  /** After a match (or a failed search), the next search: as the product's bots, 0.2–1 s later. */
  const searchSoon = () => {
    if (closed) return;
    setTimeout(
      () => {
        join().catch((error: unknown) => {
          count(`join: ${error instanceof Error ? error.message : String(error)}`);
          searchSoon();
        });
      },
      200 + random() * 800,
    );
  };

  const onState = (gameId: string, seat: 0 | 1, data: GameData) => {
    const target = player.see(gameId, seat, data, performance.now());
    const here = current;
    if (!here || here.leaving) return;
    if (target !== null) here.room.send(PADDLE_MESSAGE, target);
    if (data.gameState === 'gameOver') {
      here.leaving = true;
      void here.room.leave();
    }
  };

  async function join(): Promise<void> {
    const room = await client.joinOrCreate(variant);
    const here = { room, tcp: tcpOf(room), leaving: false };
    current = here;
    room.onLeave(() => {
      const wire = wireCountOf(here.tcp);
      counted.down += wire.down;
      counted.up += wire.up;
      if (current === here) current = null;
      searchSoon();
    });
    room.onMessage('error', (message: string) => count(message));
    if (variant === 'json') {
      room.onMessage('gameState', (text: string) => {
        const message = JSON.parse(text) as GameStateMessage;
        onState(message.gameId, message.playerIndex, message.data);
      });
    } else {
      room.onStateChange((state: PongFields & { seat0: string }) => {
        if (state.phase === '') return;
        const seat = state.seat0 === room.sessionId ? 0 : 1;
        onState(room.roomId, seat, gameDataOfFields(state, room.roomId, performance.now()));
      });
    }
  }

  await join();
  return {
    playing: () => ['firstServe', 'playing', 'roundEnd'].includes(player.state() ?? ''),
    open: () => !closed,
    wire: () => {
      const live = current ? wireCountOf(current.tcp) : { down: 0, up: 0 };
      return { down: counted.down + live.down, up: counted.up + live.up };
    },
    close: () => {
      closed = true;
      void current?.room.leave();
    },
  };
};
