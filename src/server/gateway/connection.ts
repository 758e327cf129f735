import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { parseClientMessage } from '../../common/client-message-parse.ts';
import type { Clock } from '../../common/clock.ts';
import type { ConnectionQuality } from '../../common/connection-quality.ts';
import { displayNameFor } from '../../common/display-name.ts';
import {
  CLOSE_CODES,
  type ClientMessage,
  ERROR_CODES,
  ERROR_MESSAGES,
  type ErrorCode,
  type ServerMessage,
} from '../../common/protocol.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { ChannelLimits } from './limits.ts';
import { wireText } from './wire-text.ts';

/** A message whose handling failed here (code internal_error): only the server says it. */
const INTERNAL_ERROR_TEXT = 'Internal error, please try again';

/** Who is behind a socket, fixed at the handshake: the wallet comes only from a verified sign-in session. */
export interface ConnectionIdentity {
  /** The player session (wallet sign-in) id, or null for a socket without one. */
  playerSessionId: string | null;
  walletAddress: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface Connection extends ConnectionIdentity {
  readonly id: string;
  /** The channel session id (the `sessionId` query, or a new one), echoed in `connect`. */
  readonly sessionId: string;
  displayName: string;
  /** Queues a message; a client whose unsent data passes the cap is dropped instead (bounded memory). */
  send(message: ServerMessage): void;
  sendError(message: string, code?: ErrorCode): void;
  close(code: number, reason: string): void;
  readonly open: boolean;
  /** SPEC §4 quality from the heartbeat's round trips, or null before the first one. */
  connectionQuality(): ConnectionQuality | null;
}

export type MessageHandler = (connection: Connection, message: ClientMessage) => void | Promise<void>;

export interface ConnectionOptions {
  socket: WebSocket;
  identity: ConnectionIdentity;
  sessionId: string | undefined;
  clock: Clock;
  limits: ChannelLimits;
  onMessage: MessageHandler;
  /** The socket closed: runs once, after the messages already accepted from it have been handled. */
  onClose?: (connection: Connection) => void | Promise<void>;
  onError?: (error: unknown) => void;
  connectionQuality?: () => ConnectionQuality | null;
  /** The client address's budget shared by all its sockets, asked after the socket's own. */
  ipBudget?: (kind: FrameKind) => boolean;
  /** Counts each refusal: a frame over a rate, or the socket closed for a sustained flood. */
  onRefusal?: (kind: 'socketMessageRate' | 'ipMessageRate' | 'floodClosed') => void;
}

type FrameKind = 'paddle' | 'message';

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * One game-channel socket: parse, validate, rate-limit, then hand the message on. Every bad frame gets an
 * `error` reply and changes nothing; the socket stays open unless the client floods or stops reading.
 * Messages are handled one at a time in arrival order (a `cancelSearch` never overtakes the `findMatch`
 * before it), and the close is handled after them; only `ping` is answered at once.
 */
export function createConnection(options: ConnectionOptions): Connection {
  const { socket, identity, clock, limits } = options;
  // One bucket per connection and kind: paddle moves come at 60 Hz, everything else far more slowly.
  const paddleLimiter = createTokenBucketLimiter({
    clock,
    capacity: limits.paddleMoveBurst,
    refillPerMinute: limits.paddleMovesPerSecond * 60,
    maxKeys: 1,
  });
  const messageLimiter = createTokenBucketLimiter({
    clock,
    capacity: limits.messageBurst,
    refillPerMinute: limits.messagesPerSecond * 60,
    maxKeys: 1,
  });
  /** The socket's own bucket first, so a frame it refuses spends nothing of its address's shared budget. */
  const refusalFor = (kind: FrameKind) => {
    if (!(kind === 'paddle' ? paddleLimiter : messageLimiter).take(kind)) return 'socketMessageRate' as const;
    if (options.ipBudget && !options.ipBudget(kind)) return 'ipMessageRate' as const;
    return null;
  };
  /** Times of the latest refusals, at most `sustainedRefusals` of them, so a flood cannot grow it. */
  const refusals: number[] = [];
  let lastRateLimitError = Number.NEGATIVE_INFINITY;
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;

  /** Messages sent since the last frame went out, as wire text, in order. */
  let outbox: string[] = [];
  /** One frame: the message alone, or the tick's messages in a `batch` (protocol.ts serverFrameSchema). */
  const flush = () => {
    const texts = outbox;
    if (texts.length === 0) return;
    outbox = [];
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > limits.sendBufferCapBytes) {
      // It has stopped reading: a close frame would queue behind the backlog, so drop the socket.
      socket.terminate();
      return;
    }
    socket.send(
      texts.length === 1 ? (texts[0] as string) : `{"type":"batch","messages":[${texts.join(',')}]}`,
    );
  };

  const connection: Connection = {
    id: randomUUID(),
    sessionId: options.sessionId && SESSION_ID.test(options.sessionId) ? options.sessionId : randomUUID(),
    ...identity,
    displayName: displayNameFor(identity.walletAddress),
    connectionQuality: () => options.connectionQuality?.() ?? null,
    get open() {
      return socket.readyState === socket.OPEN;
    },
    send(message) {
      if (socket.readyState !== socket.OPEN) return;
      // What one tick (or one handler) sends this socket goes as one frame, once the tick has run.
      if (outbox.length === 0) queueMicrotask(flush);
      outbox.push(wireText(message));
    },
    sendError(message, code) {
      connection.send({ type: 'error', data: code ? { message, code } : { message } });
    },
    close(code, reason) {
      flush();
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(code, reason);
    },
  };

  const failed = (answer: boolean) => (error: unknown) => {
    options.onError?.(error);
    if (answer) connection.sendError(INTERNAL_ERROR_TEXT, ERROR_CODES.internalError);
  };
  const inOrder = (work: () => void | Promise<void>, answerFailure: boolean) => {
    pending++;
    tail = tail
      .then(work)
      .catch(failed(answerFailure))
      .finally(() => {
        pending--;
      });
  };
  const atOnce = (message: ClientMessage) => {
    try {
      Promise.resolve(options.onMessage(connection, message)).catch(failed(true));
    } catch (error) {
      failed(true)(error);
    }
  };

  /** Answers a refused frame: an error at most every `rateLimitErrorEveryMs`, a close once sustained. */
  const refuseForRate = (kind: 'socketMessageRate' | 'ipMessageRate') => {
    options.onRefusal?.(kind);
    const now = clock.now();
    refusals.push(now);
    if (refusals.length > limits.sustainedRefusals) refusals.shift();
    const oldest = refusals[0] ?? now;
    if (refusals.length >= limits.sustainedRefusals && now - oldest < limits.refusalWindowMs) {
      options.onRefusal?.('floodClosed');
      connection.close(CLOSE_CODES.policyViolation, ERROR_MESSAGES.rateLimited);
      return;
    }
    if (now - lastRateLimitError >= limits.rateLimitErrorEveryMs) {
      lastRateLimitError = now;
      connection.sendError(ERROR_MESSAGES.rateLimited, ERROR_CODES.rateLimited);
    }
  };

  socket.on('message', (data, isBinary) => {
    // Frames still arriving after the close started (a flood the client keeps sending) do nothing.
    if (socket.readyState !== socket.OPEN) return;
    if (isBinary) {
      const refused = refusalFor('message');
      if (refused) return refuseForRate(refused);
      connection.sendError(
        `${ERROR_MESSAGES.invalidMessage}: binary frames are not accepted`,
        ERROR_CODES.invalidMessage,
      );
      return;
    }
    const raw = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8');
    const parsed = parseClientMessage(raw);
    const refused = refusalFor(parsed.ok && parsed.message.type === 'paddleMove' ? 'paddle' : 'message');
    if (refused) return refuseForRate(refused);
    if (!parsed.ok) {
      connection.sendError(parsed.error, ERROR_CODES.invalidMessage);
      return;
    }
    const message = parsed.message;
    const named = 'walletAddress' in message ? message.walletAddress : undefined;
    if (named !== undefined && named !== connection.walletAddress) {
      if (connection.walletAddress)
        connection.sendError(ERROR_MESSAGES.walletMismatch, ERROR_CODES.walletMismatch);
      else connection.sendError(ERROR_MESSAGES.walletRequired, ERROR_CODES.walletRequired);
      return;
    }
    if (message.type === 'ping') {
      // Round-trip time is measured with it: it never waits behind a slow handler.
      atOnce(message);
      return;
    }
    if (pending >= limits.maxPendingMessages) {
      connection.sendError(ERROR_MESSAGES.serverBusy, ERROR_CODES.serverBusy);
      return;
    }
    inOrder(() => options.onMessage(connection, message), true);
  });

  socket.once('close', () => {
    if (options.onClose) inOrder(() => options.onClose?.(connection), false);
  });

  return connection;
}
