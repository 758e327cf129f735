/**
 * Hardening limits of the game channel (bounded frames, rates and buffers, after the OWASP WebSocket cheat sheet). One place,
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
  /**
   * Messages of one socket are handled one at a time, in order; past this many waiting (a handler stuck on
   * the database or the chain), further ones are answered 'server busy' instead of queued without bound.
   * Above both bursts together, so a full burst arriving in one TCP read is never refused.
   */
  maxPendingMessages: 256,
  /** At shutdown, sockets that have not finished the close handshake by then are dropped. */
  shutdownGraceMs: 2_000,
  /** Presence and queue counts are pushed at most this often. */
  presenceBroadcastMs: 250,
  /**
   * Per client address (Fastify's `request.ip`), across all its sockets: what one address
   * may open and send whatever number of sockets it spreads it over. Sized for a household or a small office
   * behind one NAT address, with several tabs each.
   */
  socketsPerIp: 16,
  /** Handshakes one address may start per minute, all at once at most: reconnects, not a flood. */
  handshakesPerIpPerMinute: 30,
  /** The Retry-After of a handshake refused because the address holds `socketsPerIp` open: no slot frees on a schedule. */
  socketsPerIpRetryAfterMs: 10_000,
  /**
   * One address's paddle moves, all its sockets together: eight players at 60 Hz, with margin. The rates here
   * are whole milliseconds apart (2 ms, 20 ms), which keeps the token bucket's boundaries exact.
   */
  ipPaddleMovesPerSecond: 500,
  ipPaddleMoveBurst: 500,
  /** One address's other messages, all its sockets together: two and a half sockets' worth at their own limit. */
  ipMessagesPerSecond: 50,
  ipMessageBurst: 50,
} as const;

export type ChannelLimits = { [K in keyof typeof CHANNEL_LIMITS]: number };
