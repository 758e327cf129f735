/**
 * Every way the game channel turns a client away, each counted, so tests and a later
 * metrics endpoint can see which defence is working and how hard it is pushed.
 */
export const REFUSAL_KINDS = [
  /** Handshake from an origin not in ALLOWED_ORIGINS: HTTP 403. */
  'originNotAllowed',
  /** Handshake past the address's `handshakesPerIpPerMinute`: HTTP 429 with Retry-After. */
  'handshakesPerIp',
  /** Handshake while the address already holds `socketsPerIp` open: HTTP 429 with Retry-After. */
  'socketsPerIp',
  /** Handshake without a signed-in session: HTTP 401. */
  'sessionRequired',
  /** A frame past its socket's own rate: 'Rate limit exceeded' (at most once a second), nothing done. */
  'socketMessageRate',
  /** A frame within its socket's rate but past its address's shared budget: the same answer. */
  'ipMessageRate',
  /** A socket whose refusals were sustained: closed with 1008. */
  'floodClosed',
] as const;

export type RefusalKind = (typeof REFUSAL_KINDS)[number];

export type RefusalCounts = Readonly<Record<RefusalKind, number>>;

export interface RefusalCounter {
  count(kind: RefusalKind): void;
  /** A copy: counts since the channel started. */
  snapshot(): RefusalCounts;
}

export function createRefusalCounter(): RefusalCounter {
  const counts = Object.fromEntries(REFUSAL_KINDS.map((kind) => [kind, 0])) as Record<RefusalKind, number>;
  return {
    count(kind) {
      counts[kind]++;
    },
    snapshot: () => ({ ...counts }),
  };
}
