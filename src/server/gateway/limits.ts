/**
 * Hardening limits of the game channel (game-server issue, point 2; OWASP WebSocket cheat sheet). One place,
 * so tests and the README can name them.
 */
export const CHANNEL_LIMITS = {
  /** Frames larger than this close the socket with 1009. */
  maxPayloadBytes: 16 * 1024,
  /** Paddle moves: a 60 Hz client with margin. */
  paddleMovesPerSecond: 120,
  paddleMoveBurst: 120,
  /** Every other message. */
  messagesPerSecond: 20,
  messageBurst: 20,
  /** Refusals within the window past which the flood is "sustained" and the socket is closed with 1008. */
  sustainedRefusals: 60,
  refusalWindowMs: 5_000,
  /** The 'Rate limit exceeded' error is sent at most this often, so answering a flood is not a flood. */
  rateLimitErrorEveryMs: 1_000,
  /** Server pings this often; a socket that has not answered the previous ping by then is dropped. */
  heartbeatMs: 10_000,
  /** A client that stops reading is closed once this much is waiting to be sent to it. */
  sendBufferCapBytes: 1024 * 1024,
  /** Presence and queue counts are pushed at most this often. */
  presenceBroadcastMs: 250,
} as const;

export type ChannelLimits = { [K in keyof typeof CHANNEL_LIMITS]: number };
