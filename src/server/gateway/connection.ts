import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Clock } from '../../common/clock.ts';
import {
  CLOSE_CODES,
  type ClientMessage,
  ERROR_MESSAGES,
  parseClientMessage,
  type ServerMessage,
} from '../../common/protocol.ts';
import type { ChannelLimits } from './limits.ts';
import { createTokenBucket } from './token-bucket.ts';

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
  sendError(message: string, code?: string): void;
  close(code: number, reason: string): void;
  readonly open: boolean;
}

export type MessageHandler = (connection: Connection, message: ClientMessage) => void | Promise<void>;

export interface ConnectionOptions {
  socket: WebSocket;
  identity: ConnectionIdentity;
  sessionId: string | undefined;
  clock: Clock;
  limits: ChannelLimits;
  onMessage: MessageHandler;
  onError?: (error: unknown) => void;
}

/** SPEC §3: 'Player-' + the wallet's first 4 characters; 'none' and 'unnamed' count as no name. */
export function displayNameFor(walletAddress: string | null, requested?: string): string {
  const trimmed = requested?.trim().slice(0, 32);
  if (trimmed && trimmed !== 'none' && trimmed !== 'unnamed') return trimmed;
  return walletAddress ? `Player-${walletAddress.slice(0, 4)}` : 'Player';
}

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * One game-channel socket: parse, validate, rate-limit, then hand the message on. Every bad frame gets an
 * `error` reply and changes nothing; the socket stays open unless the client floods or stops reading.
 */
export function createConnection(options: ConnectionOptions): Connection {
  const { socket, identity, clock, limits } = options;
  const paddleBucket = createTokenBucket({
    perSecond: limits.paddleMovesPerSecond,
    burst: limits.paddleMoveBurst,
    clock,
  });
  const messageBucket = createTokenBucket({
    perSecond: limits.messagesPerSecond,
    burst: limits.messageBurst,
    clock,
  });
  let refusals: number[] = [];
  let lastRateLimitError = Number.NEGATIVE_INFINITY;

  const connection: Connection = {
    id: randomUUID(),
    sessionId: options.sessionId && SESSION_ID.test(options.sessionId) ? options.sessionId : randomUUID(),
    ...identity,
    displayName: displayNameFor(identity.walletAddress),
    get open() {
      return socket.readyState === socket.OPEN;
    },
    send(message) {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > limits.sendBufferCapBytes) {
        // It has stopped reading: a close frame would queue behind the backlog, so drop the socket.
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(message));
    },
    sendError(message, code) {
      connection.send({ type: 'error', data: code ? { message, code } : { message } });
    },
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(code, reason);
    },
  };

  const refuseForRate = () => {
    const now = clock.now();
    refusals = refusals.filter((t) => now - t < limits.refusalWindowMs);
    refusals.push(now);
    if (refusals.length >= limits.sustainedRefusals) {
      connection.close(CLOSE_CODES.policyViolation, 'Rate limit exceeded');
      return;
    }
    if (now - lastRateLimitError >= limits.rateLimitErrorEveryMs) {
      lastRateLimitError = now;
      connection.sendError(ERROR_MESSAGES.rateLimited);
    }
  };

  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      connection.sendError(`${ERROR_MESSAGES.invalidMessage}: binary frames are not accepted`);
      return;
    }
    const raw = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8');
    const parsed = parseClientMessage(raw);
    const isPaddle = parsed.ok && parsed.message.type === 'paddleMove';
    if (!(isPaddle ? paddleBucket : messageBucket).take()) {
      refuseForRate();
      return;
    }
    if (!parsed.ok) {
      connection.sendError(parsed.error);
      return;
    }
    const named = 'walletAddress' in parsed.message ? parsed.message.walletAddress : undefined;
    if (named !== undefined && named !== connection.walletAddress) {
      connection.sendError(
        connection.walletAddress ? ERROR_MESSAGES.walletMismatch : ERROR_MESSAGES.walletRequired,
      );
      return;
    }
    Promise.resolve()
      .then(() => options.onMessage(connection, parsed.message))
      .catch((error: unknown) => {
        options.onError?.(error);
        connection.sendError('Internal error, please try again');
      });
  });

  return connection;
}
