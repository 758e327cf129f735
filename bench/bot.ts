import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { type ServerMessage, unbatch } from '../src/common/protocol.ts';
import { signIn } from '../test/support/player-client.ts';
import { createNodeFollower, type MoveRecorders } from './bot-node.ts';
import type { EchoBoard } from './echo-board.ts';
import { createSampleHistogram, type SampleHistogram } from './sample-histogram.ts';
import { type WireCount, wireCountOf, wireSum } from './wire-bytes.ts';
import { createWirePlayer, HAND_TICK_MS } from './wire-player.ts';

/** What all bots of one load process add to while the period is measured (the moves: from their start). */
export interface BotRecorders extends MoveRecorders {
  measuring: boolean;
  echo: SampleHistogram;
  /** Between states (a peer room's) or keyframes (the product's) of one game. */
  gaps: SampleHistogram;
  /** States (a peer room's) or keyframes (the product's). */
  snapshots: number;
  /** Every server message, a batch's one by one, and the WebSocket frames that carried them. */
  messages: number;
  frames: number;
  /** The drawn-ball error (bench/drawn-ball-error.ts), in canvas units: bots without and with an added round trip. */
  drawn: SampleHistogram;
  drawnRtt: SampleHistogram;
  gamesOver: number;
  errors: Map<string, number>;
}

/** Empty recorders, not measuring yet. */
export function createBotRecorders(): BotRecorders {
  return {
    measuring: false,
    echo: createSampleHistogram(),
    gaps: createSampleHistogram(),
    snapshots: 0,
    messages: 0,
    frames: 0,
    drawn: createSampleHistogram(),
    drawnRtt: createSampleHistogram(),
    gamesOver: 0,
    errors: new Map(),
    movedPlayers: 0,
    moves: createSampleHistogram(),
  };
}

export interface BotOptions {
  /**
   * Round trip added to this bot's network, half each way: frames it receives are handled, and everything
   * it sends goes, that much later (0: none).
   */
  addedRttMs: number;
  /** The load process's echo board (bench/echo-board.ts). */
  echoBoard: EchoBoard;
}

/** Runs `run` after `ms` (at once for 0); Node runs timers of one length in the order they were set. */
function delayLine(ms: number): (run: () => void) => void {
  return ms > 0 ? (run) => void setTimeout(run, ms) : (run) => run();
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
 * practice matches one after another: findMatch, play (bench/wire-player.ts, on its hand tick), and after
 * gameOver playAgain and search again. In cluster mode it follows each match to its node (bench/bot-node.ts);
 * it does not reconnect after a drop.
 */
export async function startBot(
  baseUrl: string,
  random: () => number,
  rec: BotRecorders,
  options: BotOptions,
): Promise<Bot> {
  const identity = await signIn(baseUrl);
  const headers = { origin: new URL(baseUrl).origin, cookie: identity.cookie };
  const channelUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;
  /** The open channel; null while a move opens the next one. */
  let channel: Channel | null = await openChannel(channelUrl, headers);
  /** Bytes of the sockets moves closed, so that the bot's wire count stays whole. */
  let carried: WireCount = { down: 0, up: 0 };
  let closed = false;

  const delayed = options.addedRttMs > 0;
  const player = createWirePlayer(random, rec, {
    drawnError: delayed ? rec.drawnRtt : rec.drawn,
    // An added delay would be counted in the echo: only undelayed bots time it.
    echoBoard: delayed ? null : options.echoBoard,
  });
  const follower = createNodeFollower(rec);
  const oneWay = delayLine(options.addedRttMs / 2);
  const send = (message: object) =>
    oneWay(() => {
      const socket = channel?.socket;
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    });
  const search = () => send({ type: 'findMatch', gameMode: 'practice', timestamp: Date.now() });
  const count = (error: string) => {
    rec.errors.set(error, (rec.errors.get(error) ?? 0) + 1);
  };

  // The bots run on the server's machine, whose clock (the match's `at` and `timestamp`) is Date.now(): the
  // server's time is read from the same clock, with no offset to estimate.
  const hand = setInterval(() => {
    const move = player.hand(performance.now(), Date.now());
    if (move) send({ type: 'paddleMove', ...move, timestamp: Date.now() });
  }, HAND_TICK_MS);

  const onMessage = (raw: WebSocket.RawData) =>
    oneWay(() => {
      const now = performance.now();
      if (rec.measuring) rec.frames++;
      for (const message of unbatch(JSON.parse(raw.toString()))) heard(message, now);
    });
  const heard = (message: ServerMessage, now: number) => {
    const move = follower.heard(message, now);
    if (move) void moveTo(move.node, move.gameId);
    player.heard(message, now);
    switch (message.type) {
      case 'gameOver': {
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

  /** The match lives on `node`. This socket closes, one opens there and rejoins `gameId`. */
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
    playing: () => {
      const state = player.state();
      return state === 'firstServe' || state === 'playing' || state === 'roundEnd';
    },
    open: () => channel?.socket.readyState === WebSocket.OPEN,
    wire: () => wireSum(carried, channel?.wire() ?? { down: 0, up: 0 }),
    close: () => {
      closed = true;
      clearInterval(hand);
      channel?.socket.close();
    },
  };
}
