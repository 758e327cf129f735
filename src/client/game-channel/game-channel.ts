import {
  type ClientMessage,
  messagesOfFrame,
  type ServerMessage,
  serverFrameSchema,
} from '../../common/protocol.ts';
import type { ChannelStatus, ConnectionInfo } from '../state/game-api.ts';
import {
  CHANNEL_TIMING,
  type GameChannel,
  type GameChannelOptions,
  reconnectDelayMs,
  sessionEndOf,
} from './channel-contract.ts';
import { createLinkHealth, PING_LOSS_MARGIN_MS } from './link-health.ts';
import { frameText, SOCKET_OPEN, type SocketLike } from './socket.ts';
import type { TimerHandle } from './timers.ts';
import { createTransactionNotices } from './transaction-notices.ts';

export {
  CHANNEL_TIMING,
  type ChannelHandlers,
  type GameChannel,
  type GameChannelOptions,
  reconnectDelayMs,
  type SessionEnd,
  sessionEndOf,
} from './channel-contract.ts';
/**
 * The only code that touches the game socket (ARCHITECTURE "The client"): one WebSocket at /ws, every
 * frame parsed with protocol.ts, pings and quality (SPEC §4/§9), a heartbeat that drops a silent socket, a
 * send queue while not open, reconnects with SPEC's backoff for as long as the page is open (after 5 failed
 * attempts the player is told, and it tries on), and the transaction notifications re-dispatched as window
 * events.
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
  /** SPEC §9's 5 failed attempts have been told (gaveUp) since the socket last opened. */
  let toldGaveUp = false;
  let lastHeard = 0;
  let queue: string[] = [];
  /** While a seat is held: the end of its reconnection window (epoch ms). */
  let holdUntil: number | null = null;
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
    retrying: running && !isOpen() && (timer.retry !== null || socket !== null),
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

  /** Pings for the server clock's estimate alone: not counted as the link's round trips or losses. */
  function clockPing(left: number): void {
    if (!isOpen() || left <= 0) return;
    write(JSON.stringify({ type: 'ping', timestamp: clock.now() } satisfies ClientMessage));
    if (left > 1) timers.setTimeout(() => clockPing(left - 1), CHANNEL_TIMING.clockSyncGapMs);
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
    const parsed = serverFrameSchema.safeParse(json);
    if (!parsed.success) {
      log('game channel: an invalid message was dropped', parsed.error.issues[0]);
      return;
    }
    for (const message of messagesOfFrame(parsed.data)) heard(message);
  }

  function heard(message: ServerMessage): void {
    if (message.type === 'pong') {
      options.serverClock?.pong(message.timestamp, message.serverTime);
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
      toldGaveUp = false;
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
      // The last round trips say nothing of a link that is down: the badge shows the loss, not '7 ms'.
      health.reset();
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

  /**
   * The reconnect schedule: SPEC's backoff (1000 ms × 1.5^min(attempt, 3): at most 3375 ms apart) for as long
   * as the page is open. After SPEC §9's 5 failed attempts the player is told once ('Unable to reconnect.
   * Please refresh the page.', with a button that tries at once), and the channel tries on at the capped
   * backoff. Why: a server that restarts, or a network that comes back without an `online` event (a router's
   * uplink, a proxy), is then found within 3.4 s whenever it returns; stopping after 5 left a page showing a
   * search the server no longer held, for good. While the server holds a seat nothing is told: the
   * reconnect dialog's window is the one word on it. One refused handshake every 3.4 s costs nothing.
   */
  function retryLater(): void {
    if (!running) return;
    const seatHeld = holdUntil !== null && clock.now() < holdUntil;
    if (!seatHeld && !toldGaveUp && attempts >= CHANNEL_TIMING.maxReconnectAttempts) {
      toldGaveUp = true;
      setStatus('lost');
      handlers.gaveUp();
    }
    const delay = reconnectDelayMs(attempts);
    cancel('retry');
    timer.retry = timers.setTimeout(() => {
      timer.retry = null;
      attempts += 1;
      report();
      open();
    }, delay);
    report();
  }

  /** The browser says the network is back: a socket that is not open is tried again at once, afresh. */
  function networkBack(): void {
    tryAfresh(0);
  }

  /** A socket that is not open is tried again at once: an attempt under way (begun offline, say) is dropped. */
  function tryAfresh(countFrom: number): void {
    if (!running || isOpen()) return;
    if (socket !== null) {
      // An attempt begun while offline fails; one begun now can succeed.
      const pending = socket;
      socket = null;
      openedAt = null;
      pending.onopen = pending.onmessage = pending.onerror = pending.onclose = null;
      try {
        pending.close();
      } catch {
        // Already closing.
      }
    }
    attempts = countFrom;
    open();
    report();
  }

  /**
   * The browser says the network is gone. An open socket may stay "open" for many seconds with nothing
   * getting through (Chromium holds its frames), so it is given up on now: the loss shows at once.
   */
  function networkGone(): void {
    if (running && isOpen()) down(socket);
  }

  let unsubscribeNetwork: (() => void) | null = null;

  function stopChannel(): void {
    running = false;
    holdUntil = null;
    unsubscribeNetwork?.();
    unsubscribeNetwork = null;
    for (const name of Object.keys(timer) as Array<keyof typeof timer>) cancel(name);
    if (socket) release(socket, 1000, 'Signed out');
    queue = [];
    attempts = 0;
    toldGaveUp = false;
    setStatus('idle');
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempts = 0;
      unsubscribeNetwork = options.network?.({ online: networkBack, offline: networkGone }) ?? null;
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
      tryAfresh(1);
    },
    keepTryingUntil(deadline) {
      holdUntil = deadline;
      // A channel that had given up while the seat is still held starts again.
      const gaveUp = status === 'lost' && socket === null && timer.retry === null;
      if (running && gaveUp && deadline !== null && clock.now() < deadline) retryLater();
    },
    moveNow() {
      if (running && isOpen()) down(socket, true);
    },
    syncClock: () => clockPing(CHANNEL_TIMING.clockSyncPings),
    isOpen,
    info,
    dispose() {
      this.stop();
      notices.dispose();
    },
  };
}
