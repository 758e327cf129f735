import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { clampPaddleTarget } from '../src/common/game/physics.ts';
import type { GameData, ServerMessage } from '../src/common/protocol.ts';
import { signIn } from '../test/support/player-client.ts';
import { createBotBrain, randomSkill } from './bot-brain.ts';
import type { SampleHistogram } from './sample-histogram.ts';
import { createGapCounter } from './snapshot-gaps.ts';
import { type WireCount, wireCountOf } from './wire-bytes.ts';

/** SPEC §5: the client sends a paddle target only when it moved more than 2 units, at most every 16 ms. */
const MOVE_MIN_DELTA = 2;
const MOVE_MIN_MS = 16;
/** The paddle moves in these states; an echo is only timed there. */
const MOVING_STATES = new Set<GameData['gameState']>(['countdown', 'firstServe', 'playing', 'roundEnd']);
/** A move whose echo never came (the game ended) is forgotten after this long. */
const ECHO_GIVE_UP_MS = 5_000;

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

  let game: { id: string; seat: 0 | 1; brain: ReturnType<typeof createBotBrain> } | null = null;
  let state: GameData['gameState'] | null = null;
  let sent = { target: Number.NaN, atMs: Number.NEGATIVE_INFINITY };
  /** The last two positions of its own paddle, to tell a paddle at rest. */
  let ownY = Number.NaN;
  let ownYBefore = Number.NaN;
  let echo: { sentAt: number; restY: number } | null = null;
  const gaps = createGapCounter();
  const send = (message: object) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const search = () => send({ type: 'findMatch', gameMode: 'practice', timestamp: Date.now() });

  const onGameState = (message: Extract<ServerMessage, { type: 'gameState' }>, now: number) => {
    if (!game || message.gameId !== game.id) {
      game = {
        id: message.gameId,
        seat: message.playerIndex,
        brain: createBotBrain(message.playerIndex, randomSkill(random), random),
      };
      game.brain.reset(message.data.paddlePositions[message.playerIndex]);
      echo = null;
      sent = { target: Number.NaN, atMs: Number.NEGATIVE_INFINITY };
      ownY = Number.NaN;
    }
    const gap = gaps.arrived(message.gameId, now);
    if (rec.measuring) {
      rec.snapshots++;
      if (gap !== null) rec.gaps.add(gap);
    }
    const data = message.data;
    state = data.gameState;
    ownYBefore = ownY;
    ownY = data.paddlePositions[game.seat];
    if (echo && (ownY !== echo.restY || now - echo.sentAt > ECHO_GIVE_UP_MS)) {
      if (ownY !== echo.restY && rec.measuring) rec.echo.add(now - echo.sentAt);
      echo = null;
    }
    if (!MOVING_STATES.has(data.gameState)) return;
    const target = game.brain.see(data, now);
    if (Math.abs(target - sent.target) <= MOVE_MIN_DELTA || now - sent.atMs < MOVE_MIN_MS) return;
    send({ type: 'paddleMove', gameId: game.id, position: target, timestamp: Date.now() });
    sent = { target, atMs: now };
    // Timed only from rest: then the first snapshot whose paddle moved is the one that shows this move.
    const clamped = clampPaddleTarget(target);
    if (!echo && ownY === ownYBefore && clamped !== null && Math.abs(clamped - ownY) >= 1) {
      echo = { sentAt: now, restY: ownY };
    }
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
