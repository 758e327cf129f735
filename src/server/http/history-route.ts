import { isAddress } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HISTORY_TEXTS } from '../../common/api/history-texts.ts';
import type { HistoryAnswer, HistoryRefusal } from '../../common/api/player-api.ts';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { playerHistory } from '../ledger/player-history.ts';
import { pathParams, type RouteOf } from '../route-schemas.ts';
import type { PlayerSessions } from '../security/player-sessions.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { RateLimit } from './auth/register-player-auth.ts';
import type { Replies } from './contract-reply.ts';
import { refuseOverLimit } from './per-ip-refusal.ts';
import { ROUTE_LIMITS } from './route-limits.ts';

const WALLET_PARAMS = pathParams('walletAddress');

const query = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.iso.datetime().optional(),
});

/** Why a history is not shown: SPEC §7's `success: false` with its message (and `error`, as other refusals). */
export const HISTORY_REFUSALS = {
  signedOut: 'Sign in with this wallet to see its history',
  otherWallet: "A wallet's history is shown only to that signed-in wallet",
} as const;

const refusal = (message: string): HistoryRefusal => ({ success: false, error: message, message });

/**
 * SPEC §7 GET /api/transactions/history/{walletAddress} → { success, transactions, message }, newest first,
 * paginated with `limit` and `before` (the `nextCursor` of the previous page), rate limited per IP. A history
 * names opponents, scores, outcomes and refunds: only the signed-in session of that wallet reads it
 * (RELIABILITY 33): 401 without a session, 403 for another wallet.
 */
export function registerHistoryRoute(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    playerSessions: Pick<PlayerSessions, 'fromRequest'>;
    /** Per address; ROUTE_LIMITS.history unless scaled (PER_IP_LIMIT_FACTOR). */
    limit?: RateLimit;
  },
): void {
  const limiter = createTokenBucketLimiter({ clock: deps.clock, ...(deps.limit ?? ROUTE_LIMITS.history) });
  app.get<RouteOf<{ params: typeof WALLET_PARAMS }, Replies<HistoryAnswer | HistoryRefusal>>>(
    '/api/transactions/history/:walletAddress',
    async (request, reply) => {
      // One browser's own data: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      const refused = refuseOverLimit(limiter, request, reply);
      if (refused) return refused;
      const session = await deps.playerSessions.fromRequest(request);
      if (!session) return reply.code(401).send(refusal(HISTORY_REFUSALS.signedOut));
      const wallet = WALLET_PARAMS.parse(request.params).walletAddress;
      if (!isAddress(wallet)) return reply.code(400).send({ error: 'Invalid wallet address' });
      if (wallet !== session.walletAddress)
        return reply.code(403).send(refusal(HISTORY_REFUSALS.otherWallet));
      const parsed = query.safeParse(request.query);
      if (!parsed.success) {
        return reply.code(400).send({ error: 'limit must be 1-200 and before an ISO date-time' });
      }
      const page = await playerHistory(deps.db, wallet, {
        limit: parsed.data.limit,
        ...(parsed.data.before ? { before: new Date(parsed.data.before) } : {}),
      });
      return {
        success: true,
        transactions: page.transactions,
        nextCursor: page.nextCursor,
        message:
          page.transactions.length === 0 ? HISTORY_TEXTS.empty : `${page.transactions.length} transactions`,
      };
    },
  );
}
