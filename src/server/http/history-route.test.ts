import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { describeEachDatabase, uniqueSignature } from '../../../test/support/database-bed.ts';
import { historyAnswerSchema, historyRefusalSchema } from '../../common/api/player-api.ts';
import { createFakeClock } from '../../common/clock.ts';
import { transactions } from '../db/schema/index.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../security/player-sessions.ts';
import { HISTORY_REFUSALS, registerHistoryRoute } from './history-route.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const OTHER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

describeEachDatabase('GET /api/transactions/history/:walletAddress', (target) => {
  const clock = createFakeClock();
  const sessions = () => createPlayerSessions({ db: target.db, clock });
  const app = () => {
    const instance = Fastify();
    registerHistoryRoute(instance, { db: target.db, clock, playerSessions: sessions() });
    return instance;
  };
  /** The Cookie header of a real session of `wallet`, as sign-in would have set it. */
  const signedInAs = async (wallet: string) => {
    const { token } = await sessions().start({ walletAddress: wallet, ip: '127.0.0.1', userAgent: 'test' });
    return { cookie: `${PLAYER_SESSION_COOKIE}=${token}` };
  };
  const seedEntry = () =>
    target.db.insert(transactions).values({
      type: 'entry_fee',
      walletAddress: WALLET,
      amountLamports: 25_000_000n,
      transactionSignature: uniqueSignature(),
    });

  it('answers the signed-in wallet its own { success, transactions, message } with amounts in SOL', async () => {
    await seedEntry();
    const res = await app().inject({
      url: `/api/transactions/history/${WALLET}`,
      headers: await signedInAs(WALLET),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.transactions[0]).toMatchObject({
      wallet_address: WALLET,
      amount: 0.025,
      perspective_type: 'wager',
    });
  });

  it('the history and its refusal answer what the HTTP contract says, exactly', async () => {
    await seedEntry();
    const res = await app().inject({
      url: `/api/transactions/history/${WALLET}`,
      headers: await signedInAs(WALLET),
    });
    const page = fitsExactly(historyAnswerSchema, res.json(), 'GET /api/transactions/history');
    expect(page.transactions.length).toBeGreaterThan(0);
    const refused = await app().inject({ url: `/api/transactions/history/${WALLET}` });
    fitsExactly(historyRefusalSchema, refused.json(), 'GET /api/transactions/history (signed out)');
  });

  it('a history read without a session is 401 and shows nothing of it', async () => {
    await seedEntry();
    for (const headers of [{}, { cookie: `${PLAYER_SESSION_COOKIE}=${'x'.repeat(43)}` }]) {
      const res = await app().inject({ url: `/api/transactions/history/${WALLET}`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: HISTORY_REFUSALS.signedOut,
        message: HISTORY_REFUSALS.signedOut,
      });
    }
  });

  it("another signed-in wallet reading a wallet's history is 403 and shows nothing of it", async () => {
    await seedEntry();
    const res = await app().inject({
      url: `/api/transactions/history/${WALLET}`,
      headers: await signedInAs(OTHER),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: HISTORY_REFUSALS.otherWallet,
      message: HISTORY_REFUSALS.otherWallet,
    });
  });

  it('an expired session is no session (401)', async () => {
    const headers = await signedInAs(WALLET);
    clock.advance(sessions().lifetimeMs);
    const res = await app().inject({ url: `/api/transactions/history/${WALLET}`, headers });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an invalid address', '/api/transactions/history/not-a-wallet'],
    ['a bad limit', `/api/transactions/history/${WALLET}?limit=0`],
    ['a bad cursor', `/api/transactions/history/${WALLET}?before=yesterday`],
    ['an unknown query field', `/api/transactions/history/${WALLET}?drop=1`],
  ])('refuses %s with 400 { error }', async (_, url) => {
    const res = await app().inject({ url, headers: await signedInAs(WALLET) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('is rate limited per IP', async () => {
    const instance = app();
    const headers = await signedInAs(WALLET);
    const codes: number[] = [];
    for (let i = 0; i < 35; i++)
      codes.push((await instance.inject({ url: `/api/transactions/history/${WALLET}`, headers })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
