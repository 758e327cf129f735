import { generateKeyPairSigner } from '@solana/kit';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { apiErrorSchema } from '../../common/api/wire-values.ts';
import { createFakeClock } from '../../common/clock.ts';
import { LOSS_LIMIT_RAISE_DELAY_MS } from '../../common/rules.ts';
import { playerLimitChanges } from '../db/schema/index.ts';
import { isHiddenFromRankings } from '../rankings/player-profile-query.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../security/player-sessions.ts';
import { registerPlayerLimitsRoutes } from './player-limits-routes.ts';
import { PLAYER_WRITE_LIMITS, TOO_MANY_CHANGES } from './player-write-limit.ts';
import { registerRankingsRoutes } from './rankings-routes.ts';

/**
 * RELIABILITY 40: a signed-in wallet's changes to its own settings (loss limits, self-exclusion, ranking
 * visibility) are bounded per wallet and per address: past the bucket a 429 with Retry-After and nothing
 * written; a raise asked again while one waits replaces it. The routes run on Fastify over the real database.
 */

const WALLET_BURST = PLAYER_WRITE_LIMITS.perWallet.capacity;
const ADDRESS_BURST = PLAYER_WRITE_LIMITS.perIp.capacity;

describeEachDatabase('a signed-in wallet cannot write its settings without bound', (target) => {
  const setUp = async () => {
    const clock = createFakeClock();
    const sessions = createPlayerSessions({ db: target.db, clock });
    const app = Fastify();
    registerPlayerLimitsRoutes(app, {
      db: target.db,
      clock,
      playerSessions: sessions,
      protectionChanged: () => {},
    });
    registerRankingsRoutes(app, { db: target.db, clock, playerSessions: sessions });
    /** A signed-in wallet at `ip`, and its PUT of one route. */
    const player = async (ip: string) => {
      const wallet = (await generateKeyPairSigner()).address;
      const { token } = await sessions.start({ walletAddress: wallet, ip, userAgent: 'test' });
      const put = async (url: string, payload: object) => {
        const res = await app.inject({
          method: 'PUT',
          url,
          payload,
          remoteAddress: ip,
          headers: { cookie: `${PLAYER_SESSION_COOKIE}=${token}` },
        });
        return {
          status: res.statusCode,
          body: res.json() as unknown,
          retryAfter: res.headers['retry-after'],
        };
      };
      return { wallet, put };
    };
    return { clock, player };
  };

  const changesOf = (wallet: string) =>
    target.db.select().from(playerLimitChanges).where(eq(playerLimitChanges.walletAddress, wallet));

  /** The refusal past the bucket: 429, the contract's `{ error }`, and when to come back. */
  const expectTooMany = (answer: { status: number; body: unknown; retryAfter: unknown }) => {
    expect(answer.status).toBe(429);
    expect(apiErrorSchema.strict().parse(answer.body)).toEqual({ error: TOO_MANY_CHANGES });
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  };

  it('600 loss-limit changes in a burst: 429 with Retry-After past the wallet bucket, a bounded number of rows', async () => {
    const { clock, player } = await setUp();
    const flooder = await player('198.51.100.1');
    const answers = [];
    // Each one lower than the last: a real change in force at once, so each accepted one is a row.
    for (let i = 0; i < 600; i++) {
      answers.push(
        await flooder.put('/api/player/limits/loss', { kind: 'daily', lamports: String(10_000 - i) }),
      );
    }
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(WALLET_BURST);
    const refused = answers.filter((a) => a.status !== 200);
    for (const answer of refused) expectTooMany(answer);
    expect(await changesOf(flooder.wallet)).toHaveLength(WALLET_BURST);

    // Once the wait it was told has passed, the wallet may change its limit again.
    clock.advance(Number(refused.at(-1)?.retryAfter) * 1000);
    expect((await flooder.put('/api/player/limits/loss', { kind: 'daily', lamports: '1' })).status).toBe(200);
    expect(await changesOf(flooder.wallet)).toHaveLength(WALLET_BURST + 1);
  });

  it('self-exclusion changes share the bucket: a burst is refused past it, nothing written', async () => {
    const { player } = await setUp();
    const flooder = await player('198.51.100.2');
    const answers = [];
    for (let i = 0; i < 50; i++)
      answers.push(await flooder.put('/api/player/limits/exclusion', { period: '24h' }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(WALLET_BURST);
    expect((await changesOf(flooder.wallet)).length).toBeLessThanOrEqual(WALLET_BURST);
    for (const answer of answers.filter((a) => a.status !== 200)) expectTooMany(answer);
  });

  it('a raise asked again while one waits replaces it: one pending row, its delay from the latest ask', async () => {
    const { clock, player } = await setUp();
    const p = await player('198.51.100.3');
    expect((await p.put('/api/player/limits/loss', { kind: 'weekly', lamports: '100' })).status).toBe(200);
    // The limit in force asked again, nothing pending: nothing changes, nothing is written.
    expect((await p.put('/api/player/limits/loss', { kind: 'weekly', lamports: '100' })).status).toBe(200);
    for (const lamports of ['200', '300', '400', null]) {
      clock.advance(1_000);
      expect((await p.put('/api/player/limits/loss', { kind: 'weekly', lamports })).status).toBe(200);
    }
    clock.advance(1_000);
    const last = await p.put('/api/player/limits/loss', { kind: 'weekly', lamports: '500' });
    expect(last.body).toMatchObject({
      weekly: {
        lamports: '100',
        pending: {
          lamports: '500',
          effectiveAt: new Date(clock.now() + LOSS_LIMIT_RAISE_DELAY_MS).toISOString(),
        },
      },
    });
    const rows = await changesOf(p.wallet);
    expect(rows.map((r) => [r.lamports, r.effectiveAt.getTime() - r.requestedAt.getTime()]).sort()).toEqual(
      [
        [100n, 0],
        [500n, LOSS_LIMIT_RAISE_DELAY_MS],
      ].sort(),
    );
  });

  it('100 visibility flips: 429 past the wallet bucket, the choice left as the last accepted flip', async () => {
    const { player } = await setUp();
    const flipper = await player('198.51.100.4');
    const answers = [];
    for (let i = 0; i < 100; i++) {
      answers.push({
        hidden: i % 2 === 0,
        ...(await flipper.put('/api/player/visibility', { hidden: i % 2 === 0 })),
      });
    }
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(WALLET_BURST);
    for (const answer of answers.filter((a) => a.status !== 200)) expectTooMany(answer);
    expect(await isHiddenFromRankings(target.db, flipper.wallet)).toBe(accepted.at(-1)?.hidden);
  });

  it('another wallet is unaffected; many wallets at one address are held by the address bucket', async () => {
    const { player } = await setUp();
    const flooder = await player('198.51.100.5');
    for (let i = 0; i <= WALLET_BURST; i++) await flooder.put('/api/player/visibility', { hidden: true });
    expectTooMany(await flooder.put('/api/player/visibility', { hidden: true }));
    const other = await player('198.51.100.6');
    expect((await other.put('/api/player/visibility', { hidden: true })).status).toBe(200);
    expect((await other.put('/api/player/limits/loss', { kind: 'daily', lamports: '5' })).status).toBe(200);

    // Fresh wallets at one address: each has a full bucket, the address does not.
    const household = await Promise.all(
      Array.from({ length: ADDRESS_BURST + 5 }, () => player('198.51.100.7')),
    );
    const answers = [];
    for (const p of household)
      answers.push(await p.put('/api/player/limits/loss', { kind: 'daily', lamports: '9' }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ADDRESS_BURST);
    for (const answer of answers.filter((a) => a.status !== 200)) expectTooMany(answer);
  });
});
