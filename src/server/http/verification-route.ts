import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MatchVerificationAnswer, MatchVerificationPending } from '../../common/api/player-api.ts';
import type { Clock } from '../../common/clock.ts';
import { UUID_ONLY } from '../../common/text-checks.ts';
import type { Database } from '../db/database.ts';
import { gameSessions, games } from '../db/schema/index.ts';
import { matchRecordOf } from '../game/match/stored-record.ts';
import { pathParams, type RouteOf } from '../route-schemas.ts';
import type { PlayerSessions } from '../security/player-sessions.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { RateLimit } from './auth/register-player-auth.ts';
import type { Replies } from './contract-reply.ts';
import { refuseOverLimit } from './per-ip-refusal.ts';
import { ROUTE_LIMITS } from './route-limits.ts';

const GAME_PARAMS = pathParams('gameId');

const UUID = UUID_ONLY;

/** Why a match's record is not handed out. */
export const VERIFICATION_REFUSALS = {
  signedOut: 'Sign in with the wallet that played this match to verify it',
  badId: 'A valid game id is required',
  /** Also the answer for a game of other players: whether it exists is theirs to know. */
  notFound: 'No finished match of yours has this id',
  /** The match is under way, or it just ended and its result is being written: asked again shortly. */
  notYet:
    'This match has not been recorded yet: its seed is revealed once it has ended. Try again in a moment.',
  interrupted:
    'This match was stopped by the server before it ended and its entries were refunded: there is no result to verify',
  noRecord: 'No record was kept of this match, so it cannot be replayed',
} as const;

/**
 * GET /api/games/{gameId}/verification (common/api/player-api.ts): the revealed seed, its hash, the recorded
 * inputs and the recorded result of a finished match, for one of its two players to replay in the browser.
 * The games row is written only when the match ends, so a seed is never revealed while the match is played;
 * until then the reader's own match is answered 202 (pending, retry-after), which the browser asks again.
 */
export function registerVerificationRoute(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    playerSessions: Pick<PlayerSessions, 'fromRequest'>;
    /** Per address; ROUTE_LIMITS.verification unless scaled (PER_IP_LIMIT_FACTOR). */
    limit?: RateLimit;
  },
): void {
  const limiter = createTokenBucketLimiter({
    clock: deps.clock,
    ...(deps.limit ?? ROUTE_LIMITS.verification),
  });
  app.get<
    RouteOf<
      { params: typeof GAME_PARAMS },
      Replies<MatchVerificationAnswer> & { 202: MatchVerificationPending }
    >
  >('/api/games/:gameId/verification', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const refused = refuseOverLimit(limiter, request, reply);
    if (refused) return refused;
    const session = await deps.playerSessions.fromRequest(request);
    if (!session) return reply.code(401).send({ error: VERIFICATION_REFUSALS.signedOut });
    const { gameId } = GAME_PARAMS.parse(request.params);
    if (!UUID.test(gameId)) return reply.code(400).send({ error: VERIFICATION_REFUSALS.badId });
    const [row] = await deps.db.select().from(games).where(eq(games.id, gameId));
    const seat =
      row?.player1Wallet === session.walletAddress
        ? 0
        : row?.player2Wallet === session.walletAddress
          ? 1
          : null;
    if (!row && (await isOwnSession(deps.db, gameId, session.walletAddress))) {
      // Not a refusal: the match is the reader's, and its record comes when it has ended.
      return reply
        .header('retry-after', '1')
        .code(202)
        .send({ pending: true, message: VERIFICATION_REFUSALS.notYet });
    }
    if (!row || seat === null) return reply.code(404).send({ error: VERIFICATION_REFUSALS.notFound });
    if (row.completionStatus === 'interrupted') {
      return reply.code(409).send({ error: VERIFICATION_REFUSALS.interrupted });
    }
    const record = matchRecordOf(row.rngSeed, row.recordedInputs);
    const winner = row.winner === row.player1Wallet ? 0 : row.winner === row.player2Wallet ? 1 : null;
    if (
      !record ||
      winner === null ||
      row.player1Score === null ||
      row.player2Score === null ||
      !row.endedAt
    ) {
      return reply.code(409).send({ error: VERIFICATION_REFUSALS.noRecord });
    }
    const { seed, ...played } = record;
    return {
      gameId: row.id,
      gameMode: row.mode,
      yourSeat: seat,
      seed,
      seedHash: row.rngSeedHash,
      record: played,
      recorded: { scores: [row.player1Score, row.player2Score], winner },
      endedAt: row.endedAt.toISOString(),
    };
  });
}

/** A game session (written as a match starts) in which this wallet holds a seat. */
async function isOwnSession(db: Database, gameId: string, wallet: string): Promise<boolean> {
  const [own] = await db
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(
      and(
        eq(gameSessions.id, gameId),
        or(eq(gameSessions.player1Wallet, wallet), eq(gameSessions.player2Wallet, wallet)),
      ),
    );
  return own !== undefined;
}
