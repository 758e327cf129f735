/**
 * Bounds of the local chain's PubSub WebSocket: what one socket, one client address and the whole
 * server may hold, so the faucet chain's subscription endpoint cannot be turned into a memory or CPU sink.
 */
export const PUBSUB_LIMITS = {
  /** Subscriptions one socket may hold at once; a wallet page needs a handful. */
  subscriptionsPerSocket: 100,
  /** Subscription sockets one client address (request.ip) may hold open. */
  socketsPerIp: 20,
  /**
   * Subscriptions of all the sockets of one client address together: without it 20 sockets of 100 each let
   * five addresses hold every subscription of the server. A page needs a handful; a few tabs stay far below.
   */
  subscriptionsPerIp: 200,
  /** Subscriptions of all sockets together: past this, mainnet's "Node subscription limit reached". */
  subscriptionsTotal: 10_000,
  /** Frames larger than this close the socket with 1009 (a subscribe request is a few hundred bytes). */
  maxPayloadBytes: 16 * 1024,
  /** Server pings this often; a socket that has not answered the previous ping by then is dropped. */
  heartbeatMs: 30_000,
  /** A client that stops reading is closed once this much is waiting to be sent to it. */
  sendBufferCapBytes: 1024 * 1024,
  /** At shutdown, sockets that have not finished the close handshake by then are dropped. */
  shutdownGraceMs: 2_000,
  /**
   * How often the hub looks at the slot clock while it holds subscriptions. Slots follow time lazily (they
   * move when someone asks), so something must ask; a fraction of a slot keeps notifications prompt.
   */
  tickMs: 100,
} as const;

export type PubSubLimits = { [K in keyof typeof PUBSUB_LIMITS]: number };
