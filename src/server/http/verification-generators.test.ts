import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { createMatchBed, playWithBots } from '../../../test/support/match-bed.ts';
import { VERIFY_TEXTS, verifyMatch } from '../../client/verify/verify-match.ts';
import { matchVerificationAnswerSchema } from '../../common/api/player-api.ts';
import { createFakeClock } from '../../common/clock.ts';
import { GENERATOR_NAMES } from '../../common/game/generator-versions.ts';
import { replayMatch } from '../../common/game/replay.ts';
import { gameReplay } from '../admin/queries/game-replay.ts';
import { games } from '../db/schema/index.ts';
import v1Match from '../game/match/test-support/sfc32-match-v1.json' with { type: 'json' };
import { recordPlayedMatch } from '../game/store/test-support/record-played-match.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../security/player-sessions.ts';
import { registerVerificationRoute } from './verification-route.ts';

const WALLETS = [`Wallet0v1${'1'.repeat(35)}`, `Wallet1v1${'1'.repeat(35)}`] as const;

describeEachDatabase(
  'Verify names and replays with each record’s generator (the match generator rule)',
  (target) => {
    const clock = createFakeClock();
    const sessions = () => createPlayerSessions({ db: target.db, clock });
    const read = async (gameId: string, wallet: string) => {
      const app = Fastify();
      registerVerificationRoute(app, { db: target.db, clock, playerSessions: sessions() });
      const { token } = await sessions().start({ walletAddress: wallet, ip: '127.0.0.1', userAgent: 'test' });
      const res = await app.inject({
        url: `/api/games/${gameId}/verification`,
        headers: { cookie: `${PLAYER_SESSION_COOKIE}=${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return fitsExactly(matchVerificationAnswerSchema, res.json(), 'GET /api/games/:id/verification');
    };

    /** The games row the recorder wrote for the checked-in match, before records named their generator. */
    const insertV1Row = async () => {
      const id = randomUUID();
      const endedAt = new Date(clock.now());
      await target.db.insert(games).values({
        id,
        mode: v1Match.mode as 'tiny_tuna',
        state: 'gameOver',
        player1Wallet: WALLETS[0],
        player2Wallet: WALLETS[1],
        startedAt: new Date(endedAt.getTime() - 60_000),
        endedAt,
        winner: WALLETS[v1Match.winnerSeat as 0 | 1],
        finalScore: `${v1Match.player1Score}-${v1Match.player2Score}`,
        player1Score: v1Match.player1Score,
        player2Score: v1Match.player2Score,
        completionStatus: 'practice_win',
        rngSeed: v1Match.rngSeed,
        rngSeedHash: v1Match.rngSeedHash,
        recordedInputs: v1Match.recordedInputs,
      });
      return id;
    };

    it('a match recorded with sfc32 before the change verifies in the browser as generator v1', async () => {
      expect(v1Match.recordedInputs).not.toHaveProperty('generator');
      const id = await insertV1Row();
      const answer = await read(id, WALLETS[0]);
      expect(answer.record.generator).toBe(1);
      const verdict = await verifyMatch(answer, v1Match.rngSeedHash);
      expect(verdict.checks.at(-1)).toEqual({
        ok: true,
        text: VERIFY_TEXTS.replayOk(
          `${v1Match.player1Score}-${v1Match.player2Score}, you win`,
          GENERATOR_NAMES[1],
        ),
      });
      expect(verdict.kind).toBe('fair');
      // The back-office replay reads the same row the same way.
      const admin = await gameReplay(target.db, id);
      expect(admin?.record?.generator).toBe(1);
      expect(replayMatch(admin!.record!).scores).toEqual([v1Match.player1Score, v1Match.player2Score]);
    });

    it('a match played now is recorded as generator v2 and verifies with it; named v1 instead, it fails', async () => {
      const h = createMatchBed();
      playWithBots(h, (seat, played) => (seat === 0 ? played % 3 === 2 : played % 3 !== 2));
      const result = await recordPlayedMatch(target.db, h);
      const [row] = await target.db.select().from(games).where(eq(games.id, result.id));
      expect(row?.recordedInputs).toMatchObject({ generator: 2 });
      const answer = await read(result.id, result.seats[1].walletAddress);
      expect(answer.record.generator).toBe(2);
      const verdict = await verifyMatch(answer, answer.seedHash);
      expect(verdict.kind).toBe('fair');
      expect(verdict.checks.at(-1)?.text).toContain(GENERATOR_NAMES[2]);
      // The version is part of what is checked: the same moves drawn from v1 do not give the recorded result.
      const misnamed = await verifyMatch(
        { ...answer, record: { ...answer.record, generator: 1 } },
        answer.seedHash,
      );
      expect(misnamed.kind).toBe('failed');
      expect(misnamed.checks.at(-1)).toMatchObject({ ok: false });
      expect(misnamed.checks.at(-1)?.text).toContain(GENERATOR_NAMES[1]);
    });
  },
);
