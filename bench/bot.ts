import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { GameData, ServerMessage } from '../src/common/protocol.ts';
import { signIn } from '../test/support/player-client.ts';
import { createNodeFollower, type MoveRecorders } from './bot-node.ts';
import { createBotPlayer } from './bot-player.ts';
import type { SampleHistogram } from './sample-histogram.ts';
import { type WireCount, wireCountOf, wireSum } from './wire-bytes.ts';

/** What all bots of one load process add to while the period is measured (the moves: from their start). */
export interface BotRecorders extends MoveRecorders {
  measuring: boolean;
  echo: SampleHistogram;
  gaps: SampleHistogram;
  snapshots: number;
  gamesOver: number;
  errors: Map<string, number>;
}

export interface Bot {
  /** In a game whose ball is being served or played. */
  playing(): boolean;
  open(): boolean;
  wire(): WireCount;
  close(): void;
}

/** An open game channel and the bytes its TCP socket moved. */
interface Channel {
  socket: WebSocket;
  wire(): WireCount;
}

/** Opens `/ws` (or `/ws?node=`) as a browser would: its origin, its sign-in cookie, compression offered. */
async function openChannel(url: string, headers: { origin: string; cookie: string }): Promise<Channel> {
  // Offered as browsers offer it; the server compresses only when WS_COMPRESSION is on.
  const socket = new WebSocket(url, { perMessageDeflate: true, headers });
  let tcp: Socket | undefined;
  socket.once('upgrade', (response) => {
    tcp = response.socket;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
  });
  return { socket, wire: () => wireCountOf(tcp) };
}

/**
 * One player over the real protocol (SPEC §7): a SIWS sign-in with its own keypair, the game channel, then
 * practice matches one after another: findMatch, play every gameState, and after gameOver playAgain and
 * search again. It times the echo of its moves and the gaps between snapshots. In cluster mode it follows
 * each match to its node (bench/bot-node.ts); it does not reconnect after a drop.
 */
export async function startBot(baseUrl: string, random: () => number, rec: BotRecorders): Promise<Bot> {
  const identity = await signIn(baseUrl);
  const headers = { origin: new URL(baseUrl).origin, cookie: identity.cookie };
  const channelUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;
  /** The open channel; null while a move opens the next one. */
  let channel: Channel | null = await openChannel(channelUrl, headers);
  /** Bytes of the sockets moves closed, so that the bot's wire count stays whole. */
  let carried: WireCount = { down: 0, up: 0 };
  let closed = false;

  const player = createBotPlayer(random, rec, { countsGameOver: false });
  const follower = createNodeFollower(rec);
  /** The last state seen, or 'gameOver' once the gameOver message came. */
  let state: GameData['gameState'] | null = null;
  const send = (message: object) => {
    const socket = channel?.socket;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const search = () => send({ type: 'findMatch', gameMode: 'practice', timestamp: Date.now() });
  const count = (error: string) => {
    rec.errors.set(error, (rec.errors.get(error) ?? 0) + 1);
  };

  const onGameState = (message: Extract<ServerMessage, { type: 'gameState' }>, now: number) => {
    const target = player.see(message.gameId, message.playerIndex, message.data, now);
    state = message.data.gameState;
    if (target !== null)
      send({ type: 'paddleMove', gameId: message.gameId, position: target, timestamp: Date.now() });
  };

  const onMessage = (raw: WebSocket.RawData) => {
    const now = performance.now();
    const message = JSON.parse(raw.toString()) as ServerMessage;
    const move = follower.heard(message, now);
    if (move) void moveTo(move.node, move.gameId);
    switch (message.type) {
      case 'gameState':
        return onGameState(message, now);
      case 'gameOver': {
        state = 'gameOver';
        if (rec.measuring) rec.gamesOver++;
        const gameId = message.gameId;
        send({ type: 'playAgain', gameId });
        setTimeout(search, 200 + random() * 800);
        return;
      }
      case 'reconnectionFailed':
        return count('reconnectionFailed');
      case 'error':
        return count(message.data.code ?? message.data.message);
      default:
        return;
    }
  };
  const listen = (opened: Channel) => opened.socket.on('message', onMessage);

  /** Issue 12: the match lives on `node`. This socket closes, one opens there and rejoins `gameId`. */
  async function moveTo(node: string, gameId: string): Promise<void> {
    if (!channel) return;
    const old = channel;
    channel = null;
    carried = wireSum(carried, old.wire());
    old.socket.off('message', onMessage);
    old.socket.close();
    try {
      const opened = await openChannel(`${channelUrl}?node=${encodeURIComponent(node)}`, headers);
      if (closed) return opened.socket.close();
      channel = opened;
    } catch {
      return count('move_refused');
    }
    listen(channel);
    send({ type: 'reconnect', gameId, timestamp: Date.now() });
  }

  listen(channel);
  send({ type: 'connect', timestamp: Date.now() });
  search();

  return {
    playing: () => state === 'firstServe' || state === 'playing' || state === 'roundEnd',
    open: () => channel?.socket.readyState === WebSocket.OPEN,
    wire: () => wireSum(carried, channel?.wire() ?? { down: 0, up: 0 }),
    close: () => {
      closed = true;
      channel?.socket.close();
    },
  };
}
