import type { Clock } from '../../common/clock.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { ChannelLimits } from './limits.ts';

export type Admission =
  /** A socket slot of the address is held until `release` (safe to call more than once). */
  | { ok: true; release: () => void }
  | { ok: false; kind: 'handshakesPerIp' | 'socketsPerIp'; retryAfterMs: number };

/**
 * What one client address may do on the game channel, all its sockets together: how many
 * handshakes it starts a minute, how many sockets it holds open, and one shared message budget on top of each
 * socket's own. Without it, limits per socket are no limit: a client opens more sockets.
 */
export interface IpGate {
  /** At the handshake. Every attempt spends a handshake token, an admitted one also takes a socket slot. */
  admit(ip: string): Admission;
  /** Spends one of the address's shared tokens for a frame its socket's own bucket already let through. */
  takeMessage(ip: string, kind: 'paddle' | 'message'): boolean;
  /** Sockets (admitted handshakes) the address holds now. */
  openSockets(ip: string): number;
}

export function createIpGate(clock: Clock, limits: ChannelLimits): IpGate {
  const handshakes = createTokenBucketLimiter({
    clock,
    capacity: limits.handshakesPerIpPerMinute,
    refillPerMinute: limits.handshakesPerIpPerMinute,
  });
  const paddleMoves = createTokenBucketLimiter({
    clock,
    capacity: limits.ipPaddleMoveBurst,
    refillPerMinute: limits.ipPaddleMovesPerSecond * 60,
  });
  const messages = createTokenBucketLimiter({
    clock,
    capacity: limits.ipMessageBurst,
    refillPerMinute: limits.ipMessagesPerSecond * 60,
  });
  /** Only addresses holding a socket are kept, so the map is bounded by the open sockets. */
  const open = new Map<string, number>();

  return {
    admit(ip) {
      if (!handshakes.take(ip)) {
        return { ok: false, kind: 'handshakesPerIp', retryAfterMs: handshakes.retryAfterMs(ip) };
      }
      const held = open.get(ip) ?? 0;
      if (held >= limits.socketsPerIp) {
        return { ok: false, kind: 'socketsPerIp', retryAfterMs: limits.socketsPerIpRetryAfterMs };
      }
      open.set(ip, held + 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          const left = (open.get(ip) ?? 1) - 1;
          if (left > 0) open.set(ip, left);
          else open.delete(ip);
        },
      };
    },
    takeMessage: (ip, kind) => (kind === 'paddle' ? paddleMoves : messages).take(ip),
    openSockets: (ip) => open.get(ip) ?? 0,
  };
}
