import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  exclusionRequestSchema,
  lossLimitRequestSchema,
  type PlayerLimitsAnswer,
} from '../../common/api/player-limits-api.ts';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { readLimitsView } from '../limits/limits-view.ts';
import { setExclusion, setLossLimit } from '../limits/player-limits-store.ts';
import type { PlayerSessions } from '../security/player-sessions.ts';
import type { Replies } from './contract-reply.ts';
import { createPlayerWriteLimit } from './player-write-limit.ts';

export const LIMITS_REFUSALS = {
  signedOut: 'Sign in with your wallet to set your limits',
  badExclusion: 'Send { "period": "24h" | "7d" | "30d" | "permanent" }',
  badLossLimit:
    'Send { "kind": "daily" | "weekly", "lamports": a positive whole number of lamports as text, or null to remove it }',
  shorter: 'A self-exclusion cannot be shortened or lifted before it ends; you may only lengthen it',
} as const;

/**
 * Player protection for the signed-in wallet itself (common/api/player-limits-api.ts): GET /api/player/limits,
 * PUT /api/player/limits/exclusion and PUT /api/player/limits/loss. The game server enforces them at
 * findMatch, and a change closes at once what it now refuses of the wallet's open paid searches, challenges
 * and rematch offers, on every node; each change is recorded in player_limit_changes. There is no route that
 * lifts an exclusion.
 */
export function registerPlayerLimitsRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    playerSessions: Pick<PlayerSessions, 'fromRequest'>;
    /**
     * The wallet's protection was written: every node closes the open paid searches, challenges and rematch
     * offers of it that it now refuses (the topology's bus), at once and in full.
     */
    protectionChanged: (walletAddress: string) => void;
  },
): void {
  const { db, clock } = deps;
  // Every change is a row: bounded per wallet and per address (RELIABILITY 40).
  const writeLimit = createPlayerWriteLimit({ clock });
  const answer = async (walletAddress: string): Promise<PlayerLimitsAnswer> => ({
    walletAddress,
    ...(await readLimitsView(db, walletAddress, clock.now())),
  });
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return deps.playerSessions.fromRequest(request);
  };

  app.get<{ Reply: Replies<PlayerLimitsAnswer> }>('/api/player/limits', async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply.code(401).send({ error: LIMITS_REFUSALS.signedOut });
    return answer(session.walletAddress);
  });

  app.put<{ Reply: Replies<PlayerLimitsAnswer> }>('/api/player/limits/exclusion', async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply.code(401).send({ error: LIMITS_REFUSALS.signedOut });
    const limited = writeLimit(request, reply, session.walletAddress);
    if (limited) return limited;
    const body = exclusionRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: LIMITS_REFUSALS.badExclusion });
    const { walletAddress } = session;
    const set = await setExclusion(db, {
      walletAddress,
      period: body.data.period,
      now: clock.now(),
      ip: request.ip,
    });
    if (!set.ok) return reply.code(409).send({ error: LIMITS_REFUSALS.shorter });
    deps.protectionChanged(walletAddress);
    return answer(walletAddress);
  });

  app.put<{ Reply: Replies<PlayerLimitsAnswer> }>('/api/player/limits/loss', async (request, reply) => {
    const session = await signedIn(request, reply);
    if (!session) return reply.code(401).send({ error: LIMITS_REFUSALS.signedOut });
    const limited = writeLimit(request, reply, session.walletAddress);
    if (limited) return limited;
    const body = lossLimitRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: LIMITS_REFUSALS.badLossLimit });
    const { walletAddress } = session;
    const lamports = body.data.lamports === null ? null : BigInt(body.data.lamports);
    await setLossLimit(db, {
      walletAddress,
      kind: body.data.kind,
      lamports,
      now: clock.now(),
      ip: request.ip,
    });
    // A raise waits its delay and closes nothing; a lower limit may refuse what is open. Every node reads it.
    deps.protectionChanged(walletAddress);
    return answer(walletAddress);
  });
}
