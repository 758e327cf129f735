import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueSignature } from '../../../test/db-harness.ts';
import { createFakeClock } from '../../common/clock.ts';
import { transactions } from '../db/schema/index.ts';
import { registerHistoryRoute } from './history-route.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

describeEachDatabase('§7 GET /api/transactions/history/:walletAddress', (target) => {
  const app = () => {
    const instance = Fastify();
    registerHistoryRoute(instance, { db: target.db, clock: createFakeClock() });
    return instance;
  };

  it('answers { success, transactions, message } with amounts in SOL', async () => {
    await target.db.insert(transactions).values({
      type: 'entry_fee',
      walletAddress: WALLET,
      amountLamports: 25_000_000n,
      transactionSignature: uniqueSignature(),
    });
    const res = await app().inject({ url: `/api/transactions/history/${WALLET}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.transactions[0]).toMatchObject({
      wallet_address: WALLET,
      amount: 0.025,
      perspective_type: 'wager',
    });
  });

  it.each([
    ['an invalid address', '/api/transactions/history/not-a-wallet'],
    ['a bad limit', `/api/transactions/history/${WALLET}?limit=0`],
    ['a bad cursor', `/api/transactions/history/${WALLET}?before=yesterday`],
    ['an unknown query field', `/api/transactions/history/${WALLET}?drop=1`],
  ])('refuses %s with 400 { error }', async (_, url) => {
    const res = await app().inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('is rate limited per IP', async () => {
    const instance = app();
    const codes: number[] = [];
    for (let i = 0; i < 35; i++)
      codes.push((await instance.inject({ url: `/api/transactions/history/${WALLET}` })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
