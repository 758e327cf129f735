import { generateKeyPairSigner } from '@solana/kit';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { playerLimitsAnswerSchema } from '../../common/api/player-limits-api.ts';
import { createFakeClock } from '../../common/clock.ts';
import { LOSS_LIMIT_RAISE_DELAY_MS, SELF_EXCLUSION_PERIODS } from '../../common/rules.ts';
import { playerLimitChanges, transactions } from '../db/schema/index.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../security/player-sessions.ts';
import { LIMITS_REFUSALS, registerPlayerLimitsRoutes } from './player-limits-routes.ts';

describeEachDatabase('the signed-in player sets their own limits', (target) => {
  const clock = createFakeClock(Date.UTC(2025, 5, 2, 12));
  const setUp = async () => {
    const sessions = createPlayerSessions({ db: target.db, clock });
    const app = Fastify();
    registerPlayerLimitsRoutes(app, {
      db: target.db,
      clock,
      playerSessions: sessions,
      protectionChanged: () => {},
    });
    const wallet = (await generateKeyPairSigner()).address;
    const { token } = await sessions.start({ walletAddress: wallet, ip: '127.0.0.1', userAgent: 'test' });
    const cookie = `${PLAYER_SESSION_COOKIE}=${token}`;
    const call = async (method: 'GET' | 'PUT', url: string, payload?: unknown, headers = { cookie }) => {
      const res = await app.inject({
        method,
        url: `/api/player/limits${url}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    return { wallet, call };
  };

  it('signed out: 401 on every route, nothing written', async () => {
    const { call } = await setUp();
    for (const [method, url, payload] of [
      ['GET', '', undefined],
      ['PUT', '/exclusion', { period: '24h' }],
      ['PUT', '/loss', { kind: 'daily', lamports: '1' }],
    ] as const) {
      expect(await call(method, url, payload, { cookie: '' })).toEqual({
        status: 401,
        body: { error: LIMITS_REFUSALS.signedOut },
      });
    }
  });

  it('a malformed body is a 400 that says what to send', async () => {
    const { call } = await setUp();
    expect((await call('PUT', '/exclusion', { period: '1h' })).status).toBe(400);
    for (const bad of [
      { kind: 'daily', lamports: '0' },
      { kind: 'daily', lamports: '0.5' },
      { kind: 'monthly', lamports: '1' },
      { kind: 'daily', lamports: 5 },
    ]) {
      expect(await call('PUT', '/loss', bad)).toEqual({
        status: 400,
        body: { error: LIMITS_REFUSALS.badLossLimit },
      });
    }
  });

  it('a limit, its net loss, a raise pending 24 hours, each change recorded', async () => {
    const { wallet, call } = await setUp();
    const start = clock.now();
    await target.db.insert(transactions).values({
      type: 'entry_fee',
      walletAddress: wallet,
      amountLamports: 100_000_000n,
      createdAt: new Date(start - 1_000),
    });
    const set = await call('PUT', '/loss', { kind: 'daily', lamports: '500000000' });
    expect(set.status).toBe(200);
    fitsExactly(playerLimitsAnswerSchema, set.body, 'PUT /api/player/limits/loss');
    expect(set.body.daily).toEqual({ lamports: '500000000', pending: null, lossLamports: '100000000' });

    clock.advance(1_000);
    const raised = await call('PUT', '/loss', { kind: 'daily', lamports: null });
    expect(raised.body.daily).toMatchObject({
      lamports: '500000000',
      pending: {
        lamports: null,
        effectiveAt: new Date(clock.now() + LOSS_LIMIT_RAISE_DELAY_MS).toISOString(),
      },
    });
    clock.advance(LOSS_LIMIT_RAISE_DELAY_MS);
    expect((await call('GET', '')).body.daily).toEqual({ lamports: null, pending: null, lossLamports: '0' });

    const changes = await target.db
      .select()
      .from(playerLimitChanges)
      .where(eq(playerLimitChanges.walletAddress, wallet));
    expect(
      changes.map((c) => [c.kind, c.lamports, c.effectiveAt.getTime() - c.requestedAt.getTime()]),
    ).toEqual(
      expect.arrayContaining([
        ['daily_loss_limit', 500_000_000n, 0],
        ['daily_loss_limit', null, LOSS_LIMIT_RAISE_DELAY_MS],
      ]),
    );
  });

  it('an exclusion can be lengthened but not shortened (409); there is no route to lift it', async () => {
    const { call } = await setUp();
    const week = await call('PUT', '/exclusion', { period: '7d' });
    expect(week.body.exclusion).toEqual({
      startedAt: new Date(clock.now()).toISOString(),
      endsAt: new Date(clock.now() + (SELF_EXCLUSION_PERIODS['7d'] ?? 0)).toISOString(),
    });
    expect(await call('PUT', '/exclusion', { period: '24h' })).toEqual({
      status: 409,
      body: { error: LIMITS_REFUSALS.shorter },
    });
    expect((await call('PUT', '/exclusion', { period: 'permanent' })).body.exclusion).toMatchObject({
      endsAt: null,
    });
    expect((await call('PUT', '/exclusion', { period: '30d' })).status).toBe(409);
    const lift = await call('PUT', '/exclusion', { period: null });
    expect(lift.status).toBe(400);
    expect((await call('GET', '')).body.exclusion).toMatchObject({ endsAt: null });
  });
});
