import type { Clock } from '../../common/clock.ts';
import {
  CLOSE_CODES,
  type ClientMessage,
  type ServerMessage,
  serverMessageSchema,
} from '../../common/protocol.ts';
import type { ChannelStatus, ConnectionInfo, TransactionNotice } from '../state/game-api.ts';
import { createLinkHealth, PING_LOSS_MARGIN_MS } from './link-health.ts';
import { frameText, SOCKET_OPEN, type SocketFactory, type SocketLike } from './socket.ts';
import type { TimerHandle, Timers } from './timers.ts';
import { createTransactionNotices } from './transaction-notices.ts';

/** SPEC §9 timing of the channel. */
export const CHANNEL_TIMING = {
  /** Heartbeat check period, and the silence after which the socket is taken for dead. */
  heartbeatCheckMs: 5_000,
  heartbeatSilenceMs: 10_000,
  /** Disconnect grace: the disconnect UI shows only if the socket is still down after this. */
  disconnectGraceMs: 2_000,
  maxReconnectAttempts: 5,
  reconnectBaseMs: 1_000,
  /**
   * A socket that stayed open this long earns a fresh set of reconnect attempts when it closes. One the
   * server closes sooner (refused or dropped at once) keeps counting, so it never loops forever.
   */
  stableOpenMs: 5_000,
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
  /** SPEC §9: 5 reconnect attempts failed; no more until reconnectNow or start. */
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
   * Issue 12: the match lives on another game node. An open socket is closed and the URL (which now names
   * that node) opened at once: no failed attempt is counted and the status reads 'connecting', not
   * 'pendingDisconnect'. The 2 s grace still runs, so a node that does not answer shows the usual disconnect
   * UI. A socket that is not open has nothing to move: its next attempt reads the new URL anyway.
   */
  moveNow(): void;
  isOpen(): boolean;
  info(): ConnectionInfo;
  dispose(): void;
}

/**
 * The only code that touches the game socket (ARCHITECTURE "The client"): one WebSocket at /ws, every
 * frame parsed with protocol.ts, pings and quality (SPEC §4/§9), a heartbeat that drops a silent socket, a
 * send queue while not open, reconnects with backoff that stop after 5 failed attempts, and the
 * transaction notifications re-dispatched as window events.
 */
export function createGameChannel(options: GameChannelOptions): GameChannel {
  const { clock, timers, handlers } = options;
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  const health = createLinkHealth();
  const notices = createTransactionNotices({ timers, walletAddress: options.walletAddress });

  let socket: SocketLike | null = null;
  let openedAt: number | null = null;
  let running = false;
  let status: ChannelStatus = 'idle';
  let attempts = 0;
  let lastHeard = 0;
  let queue: string[] = [];
  /** Timestamps of pings sent and not yet answered. */
  const unanswered = new Set<number>();
  const timer: Record<'ping' | 'heartbeat' | 'grace' | 'retry', TimerHandle | null> = {
    ping: null,
    heartbeat: null,
    grace: null,
    retry: null,
  };

  const info = (): ConnectionInfo => ({
    status,
    pingMs: health.averageMs(),
    quality: health.quality(),
    qualityScore: health.score(),
    reconnectAttempts: attempts,
  });
  const report = () => handlers.connection(info());
  const setStatus = (next: ChannelStatus) => {
    status = next;
    report();
  };
  const cancel = (name: keyof typeof timer) => {
    if (timer[name] !== null) timers.clearTimeout(timer[name]);
    timer[name] = null;
  };
  const isOpen = () => socket !== null && openedAt !== null && socket.readyState === SOCKET_OPEN;
  const write = (text: string) => {
    try {
      socket?.send(text);
    } catch (error) {
      log('game channel send failed', error);
    }
  };

  function ping(): void {
    if (!isOpen()) return;
    const sentAt = clock.now();
    unanswered.add(sentAt);
    write(JSON.stringify({ type: 'ping', timestamp: sentAt } satisfies ClientMessage));
    const interval = health.pingIntervalMs();
    // SPEC §9: a missed pong counts as loss after the interval minus 500 ms.
    timers.setTimeout(() => {
      if (!unanswered.delete(sentAt)) return;
      health.lost();
      report();
    }, interval - PING_LOSS_MARGIN_MS);
    timer.ping = timers.setTimeout(ping, interval);
  }

  function heartbeat(): void {
    timer.heartbeat = null;
    if (!isOpen()) return;
    if (clock.now() - lastHeard >= CHANNEL_TIMING.heartbeatSilenceMs) {
      // Half-open: no close event may ever come, so the socket is given up on here.
      log('game channel silent for 10 s; reconnecting');
      down(socket);
      return;
    }
    write(
      JSON.stringify({ type: 'ping', timestamp: clock.now(), isHeartbeat: true } satisfies ClientMessage),
    );
    timer.heartbeat = timers.setTimeout(heartbeat, CHANNEL_TIMING.heartbeatCheckMs);
  }

  function received(event: { data: unknown }): void {
    lastHeard = clock.now();
    let json: unknown;
    try {
      json = JSON.parse(frameText(event.data));
    } catch {
      log('game channel: a frame that is not JSON was dropped');
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) {
      log('game channel: an invalid message was dropped', parsed.error.issues[0]);
      return;
    }
    const message = parsed.data;
    if (message.type === 'pong') {
      if (unanswered.delete(message.timestamp)) {
        health.answered(clock.now() - message.timestamp);
        report();
      }
      return;
    }
    if (message.type === 'transaction_notification') {
      const notice = notices.handle(message.transaction);
      if (notice) handlers.transaction(notice);
      return;
    }
    handlers.message(message);
  }

  function open(moved = false): void {
    cancel('retry');
    let created: SocketLike;
    try {
      created = options.createSocket(options.url());
    } catch (error) {
      log('game channel could not open', error);
      retryLater();
      return;
    }
    socket = created;
    openedAt = null;
    if (status === 'idle') setStatus('connecting');
    created.onopen = () => {
      if (socket !== created) return;
      openedAt = clock.now();
      lastHeard = openedAt;
      cancel('grace');
      health.reset();
      unanswered.clear();
      setStatus('open');
      handlers.opened(moved);
      // After the opening message: the server sees connect/reconnect first, then what waited.
      const waiting = queue;
      queue = [];
      for (const text of waiting) write(text);
      ping();
      timer.heartbeat = timers.setTimeout(heartbeat, CHANNEL_TIMING.heartbeatCheckMs);
    };
    created.onmessage = (event) => {
      if (socket === created) received(event);
    };
    created.onerror = () => {
      if (socket === created) handlers.error();
    };
    created.onclose = (event) => {
      const ended = socket === created ? sessionEndOf(event.code) : null;
      if (ended === null) return down(created);
      // No reconnect loop: the session is gone, so every attempt would be refused.
      stopChannel();
      handlers.sessionEnded(ended);
    };
  }

  /** Forgets the current socket and closes it; its late events are not heard. */
  function release(which: SocketLike, code?: number, reason?: string): void {
    socket = null;
    openedAt = null;
    which.onopen = which.onmessage = which.onerror = which.onclose = null;
    try {
      which.close(code, reason);
    } catch {
      // Already closing.
    }
    cancel('ping');
    cancel('heartbeat');
    unanswered.clear();
  }

  /**
   * A socket closed (or was given up on, or is `moving` to the match's node). Only the current one matters;
   * a stale one's close is ignored.
   */
  function down(which: SocketLike | null, moving = false): void {
    if (which === null || which !== socket) return;
    const wasOpenAt = openedAt;
    if (moving) release(which, 1000, 'Moving to the match node');
    else release(which);
    if (!running) return;
    if (wasOpenAt !== null) {
      if (clock.now() - wasOpenAt >= CHANNEL_TIMING.stableOpenMs) attempts = 0;
      setStatus(moving ? 'connecting' : 'pendingDisconnect');
      handlers.closed();
      timer.grace = timers.setTimeout(() => {
        timer.grace = null;
        if (isOpen() || !running) return;
        setStatus('lost');
        handlers.graceEnded();
      }, CHANNEL_TIMING.disconnectGraceMs);
    }
    if (moving) open(true);
    else retryLater();
  }

  function retryLater(): void {
    if (!running) return;
    if (attempts >= CHANNEL_TIMING.maxReconnectAttempts) {
      setStatus('lost');
      handlers.gaveUp();
      return;
    }
    const delay = reconnectDelayMs(attempts);
    timer.retry = timers.setTimeout(() => {
      timer.retry = null;
      attempts += 1;
      report();
      open();
    }, delay);
  }

  function stopChannel(): void {
    running = false;
    for (const name of Object.keys(timer) as Array<keyof typeof timer>) cancel(name);
    if (socket) release(socket, 1000, 'Signed out');
    queue = [];
    attempts = 0;
    setStatus('idle');
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempts = 0;
      open();
    },
    stop: stopChannel,
    send(message, sendOptions = {}) {
      const text = JSON.stringify(message);
      if (isOpen()) {
        write(text);
        return;
      }
      if (sendOptions.queue === false || !running) return;
      queue = [...queue, text].slice(-CHANNEL_TIMING.sendQueueLimit);
    },
    reconnectNow() {
      if (!running || socket !== null) return;
      attempts = 0;
      attempts += 1;
      report();
      open();
    },
    moveNow() {
      if (running && isOpen()) down(socket, true);
    },
    isOpen,
    info,
    dispose() {
      this.stop();
      notices.dispose();
    },
  };
}
