import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { GameData, ServerMessage } from '../src/common/protocol.ts';
import { signIn } from '../test/support/player-client.ts';
import { createBotPlayer } from './bot-player.ts';
import type { SampleHistogram } from './sample-histogram.ts';
import { type WireCount, wireCountOf } from './wire-bytes.ts';

/** What all bots of one load process add to while the period is measured. */
export interface BotRecorders {
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

/**
 * One player over the real protocol (SPEC §7): a SIWS sign-in with its own keypair, the game channel, then
 * practice matches one after another: findMatch, play every gameState, and after gameOver playAgain and
 * search again. It times the echo of its moves and the gaps between snapshots.
 */
export async function startBot(baseUrl: string, random: () => number, rec: BotRecorders): Promise<Bot> {
  const identity = await signIn(baseUrl);
  const origin = new URL(baseUrl).origin;
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
    // Offered as browsers offer it; the server compresses only when WS_COMPRESSION is on.
    perMessageDeflate: true,
    headers: { origin, cookie: identity.cookie },
  });
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

  const player = createBotPlayer(random, rec, { countsGameOver: false });
  /** The last state seen, or 'gameOver' once the gameOver message came. */
  let state: GameData['gameState'] | null = null;
  const send = (message: object) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const search = () => send({ type: 'findMatch', gameMode: 'practice', timestamp: Date.now() });

  const onGameState = (message: Extract<ServerMessage, { type: 'gameState' }>, now: number) => {
    const target = player.see(message.gameId, message.playerIndex, message.data, now);
    state = message.data.gameState;
    if (target !== null)
      send({ type: 'paddleMove', gameId: message.gameId, position: target, timestamp: Date.now() });
  };

  socket.on('message', (raw) => {
    const now = performance.now();
    const message = JSON.parse(raw.toString()) as ServerMessage;
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
      case 'error': {
        const key = message.data.code ?? message.data.message;
        rec.errors.set(key, (rec.errors.get(key) ?? 0) + 1);
        return;
      }
      default:
        return;
    }
  });
  send({ type: 'connect', timestamp: Date.now() });
  search();

  return {
    playing: () => state === 'firstServe' || state === 'playing' || state === 'roundEnd',
    open: () => socket.readyState === socket.OPEN,
    wire: () => wireCountOf(tcp),
    close: () => socket.close(),
  };
}
