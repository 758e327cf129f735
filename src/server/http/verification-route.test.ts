import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { createMatchBed, playWithBots, SEED } from '../../../test/support/match-bed.ts';
import {
  matchVerificationAnswerSchema,
  matchVerificationPendingSchema,
} from '../../common/api/player-api.ts';
import { apiErrorSchema } from '../../common/api/wire-values.ts';
import { createFakeClock } from '../../common/clock.ts';
import { games } from '../db/schema/index.ts';
import { seedHash } from '../game/store/store-keys.ts';
import { recordMatchStartOnly, recordPlayedMatch } from '../game/store/test-support/record-played-match.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../security/player-sessions.ts';
import { registerVerificationRoute, VERIFICATION_REFUSALS } from './verification-route.ts';

/** Bot 1 misses two rallies in three, bot 0 the third: both score, and bot 0 reaches 11 first. */
const script = (seat: 0 | 1, played: number) => (seat === 0 ? played % 3 === 2 : played % 3 !== 2);
const STRANGER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

describeEachDatabase('GET /api/games/:gameId/verification', (target) => {
  const clock = createFakeClock();
  const sessions = () => createPlayerSessions({ db: target.db, clock });
  const app = () => {
    const instance = Fastify();
    registerVerificationRoute(instance, { db: target.db, clock, playerSessions: sessions() });
    return instance;
  };
  const signedInAs = async (wallet: string) => {
    const { token } = await sessions().start({ walletAddress: wallet, ip: '127.0.0.1', userAgent: 'test' });
    return { cookie: `${PLAYER_SESSION_COOKIE}=${token}` };
  };
  const read = async (gameId: string, headers: Record<string, string> = {}) =>
    app().inject({ url: `/api/games/${gameId}/verification`, headers });
  const played = async () => {
    const h = createMatchBed();
    playWithBots(h, script);
    return recordPlayedMatch(target.db, h);
  };

  it("a match's player reads its revealed seed, its hash, the recorded moves and the recorded result", async () => {
    const result = await played();
    const res = await read(result.id, await signedInAs(result.seats[0].walletAddress));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = fitsExactly(matchVerificationAnswerSchema, res.json(), 'GET /api/games/:id/verification');
    expect(answer).toMatchObject({
      gameId: result.id,
      yourSeat: 0,
      seed: SEED,
      seedHash: seedHash(SEED),
      recorded: { scores: result.scores, winner: result.winner },
    });
    expect(answer.record.inputs).toEqual(result.record.inputs);
    expect(answer.record.countdownSeconds).toBe(result.record.countdownSeconds);

    const other = await read(result.id, await signedInAs(result.seats[1].walletAddress));
    expect(other.json().yourSeat).toBe(1);
  });

  it('a wallet that did not play the match is told no match of theirs has the id, as for an unknown id', async () => {
    const result = await played();
    const headers = await signedInAs(STRANGER);
    for (const id of [result.id, randomUUID()]) {
      const res = await read(id, headers);
      expect(res.statusCode).toBe(404);
      expect(fitsExactly(apiErrorSchema, res.json(), 'refusal')).toEqual({
        error: VERIFICATION_REFUSALS.notFound,
      });
    }
  });

  it('without a session the record is refused (401), and a malformed id is 400', async () => {
    const result = await played();
    const signedOut = await read(result.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: VERIFICATION_REFUSALS.signedOut });
    const bad = await read('not-a-game', await signedInAs(result.seats[0].walletAddress));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: VERIFICATION_REFUSALS.badId });
  });

  it('a match under way (or whose result is being written) reveals no seed: 202 pending with retry-after', async () => {
    const h = createMatchBed();
    playWithBots(h, script);
    const started = await recordMatchStartOnly(target.db, h);
    const res = await read(started.id, await signedInAs(started.seats[0].walletAddress));
    expect(res.statusCode).toBe(202);
    expect(res.headers['retry-after']).toBe('1');
    expect(fitsExactly(matchVerificationPendingSchema, res.json(), 'pending')).toEqual({
      pending: true,
      message: VERIFICATION_REFUSALS.notYet,
    });
    expect(res.body).not.toContain(SEED);
    // Its opponent's seat is the only other one told so; a stranger learns nothing of it.
    const stranger = await read(started.id, await signedInAs(STRANGER));
    expect(stranger.statusCode).toBe(404);
  });

  it('a match the server stopped and refunded has no result to verify: 409 saying so', async () => {
    const me = STRANGER;
    const [row] = await target.db
      .insert(games)
      .values({
        mode: 'tiny_tuna',
        state: 'gameOver',
        player1Wallet: me,
        player2Wallet: `Other${'1'.repeat(39)}`,
        completionStatus: 'interrupted',
        rngSeedHash: seedHash(SEED),
      })
      .returning({ id: games.id });
    const res = await read(row!.id, await signedInAs(me));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: VERIFICATION_REFUSALS.interrupted });
  });
});
