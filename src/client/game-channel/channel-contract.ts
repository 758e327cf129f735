import type { Clock } from '../../common/clock.ts';
import { CLOSE_CODES, type ClientMessage, type ServerMessage } from '../../common/protocol.ts';
import { DISCONNECT_GRACE_MS } from '../../common/rules.ts';
import type { ConnectionInfo, TransactionNotice } from '../state/game-api.ts';
import type { NetworkEvents, SocketFactory } from './socket.ts';
import type { Timers } from './timers.ts';

/** SPEC §9 timing of the channel. */
export const CHANNEL_TIMING = {
  /** Heartbeat check period, and the silence after which the socket is taken for dead. */
  heartbeatCheckMs: 5_000,
  heartbeatSilenceMs: 10_000,
  /** Disconnect grace: the disconnect UI shows only if the socket is still down after this. */
  disconnectGraceMs: DISCONNECT_GRACE_MS,
  maxReconnectAttempts: 5,
  reconnectBaseMs: 1_000,
  /**
   * A socket that stayed open this long earns a fresh set of reconnect attempts when it closes. One the
   * server closes sooner (refused or dropped at once) keeps counting, so it never loops forever.
   */
  stableOpenMs: 5_000,
  /**
   * The extra pings at a match's start (server-clock.ts keeps the lowest round trip of its samples): well
   * within the server's 20 messages a second.
   */
  clockSyncPings: 4,
  clockSyncGapMs: 150,
  /** Messages kept while the socket is not open; the oldest go first past it. */
  sendQueueLimit: 50,
} as const;

/** SPEC §9: 1000 ms × 1.5^min(attempt, 3): 1000, 1500, 2250, then 3375 ms. */
export function reconnectDelayMs(attempt: number): number {
  return CHANNEL_TIMING.reconnectBaseMs * 1.5 ** Math.min(Math.max(attempt, 0), 3);
}

export interface ChannelHandlers {
  /**
   * The socket opened (the provider then says `connect`, or `reconnect` to a stored game). `moved`: it is
   * the one `moveNow` opened in place of an open socket, so the provider rejoins its game at once.
   */
  opened(moved: boolean): void;
  /** Every server message that is valid, except pong and transaction_notification (the channel's own). */
  message(message: ServerMessage): void;
  /** An open socket closed or went silent: the pending-disconnect grace starts. */
  closed(): void;
  /** Still down 2 s after it closed. */
  graceEnded(): void;
  /**
   * SPEC §9: 5 reconnect attempts failed (and no seat's window is running): told once, while the channel
   * tries on at the capped backoff for as long as the page is open.
   */
  gaveUp(): void;
  /**
   * The server closed the socket because its sign-in session ended: the player signed out (in another tab)
   * or was banned. Reconnecting cannot help, so the channel has stopped; it opens again on `start`.
   */
  sessionEnded(why: SessionEnd): void;
  error(): void;
  /** A new transaction notification (de-duplicated by id). */
  transaction(notice: TransactionNotice): void;
  /** The connection's health or status changed. */
  connection(info: ConnectionInfo): void;
}

export type SessionEnd = 'signedOut' | 'restricted';

/** The close codes that end the session rather than the connection (src/common/protocol-texts.ts). */
export function sessionEndOf(code: number): SessionEnd | null {
  if (code === CLOSE_CODES.signedOut) return 'signedOut';
  if (code === CLOSE_CODES.restricted) return 'restricted';
  return null;
}

export interface GameChannelOptions {
  url: () => string;
  createSocket: SocketFactory;
  clock: Clock;
  timers: Timers;
  handlers: ChannelHandlers;
  /** The signed-in wallet, to fill a notification's missing wallet address (SPEC §4). */
  walletAddress: () => string | null;
  /** The browser's `online` and `offline` events (window's); none in Node tests that do not pass one. */
  network?: NetworkEvents;
  /** Hears every pong's ping stamp and server time (the server's clock estimate, server-clock.ts). */
  serverClock?: { pong(sentAt: number, serverTime: number): void };
  log?: (message: string, detail?: unknown) => void;
}

export interface GameChannel {
  /** Opens the socket (the player signed in). */
  start(): void;
  /** Closes it for good, with no reconnect (signed out). */
  stop(): void;
  /** Sends now, or queues until the socket opens; `queue: false` drops it instead (pings, paddle moves). */
  send(message: ClientMessage, options?: { queue?: boolean }): void;
  /** The player asked to reconnect: a closed socket is tried again at once, with a fresh set of attempts. */
  reconnectNow(): void;
  /**
   * The server holds this player's seat until `deadline` (epoch ms): until then the channel keeps trying
   * whatever the count of attempts; null when no seat is held (SPEC §9's 5 attempts apply again).
   */
  keepTryingUntil(deadline: number | null): void;
  /**
   * The match lives on another game node. An open socket is closed and the URL (which now names
   * that node) opened at once: no failed attempt is counted and the status reads 'connecting', not
   * 'pendingDisconnect'. The 2 s grace still runs, so a node that does not answer shows the usual disconnect
   * UI. A socket that is not open has nothing to move: its next attempt reads the new URL anyway.
   */
  moveNow(): void;
  /**
   * A match starts (or is rejoined): `clockSyncPings` extra pings, `clockSyncGapMs` apart, so the server
   * clock's estimate has low-latency samples before play instead of one every 3 s. Their pongs feed only the
   * clock, not the link's health (a burst would weigh it).
   */
  syncClock(): void;
  isOpen(): boolean;
  info(): ConnectionInfo;
  dispose(): void;
}
