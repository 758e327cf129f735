import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { SOL } from '../../../test/support/money.ts';
import { systemEvents } from '../db/schema/index.ts';
import { createHouseBalanceWatch, HOUSE_BALANCE_EVENTS } from './house-balance-watch.ts';

/** A house balance below HOUSE_BALANCE_FLOOR_SOL is one event per crossing, not per check. */
describeEachDatabase('the house balance floor', (target) => {
  const watchWith = (houseWallet: string, balances: Array<bigint | Error>) => {
    const log: string[] = [];
    const watch = createHouseBalanceWatch({
      db: target.db,
      houseWallet,
      floorLamports: 50n * SOL,
      balance: async () => {
        const next = balances.shift();
        if (next === undefined) throw new Error('the test gave no more balances');
        if (next instanceof Error) throw next;
        return next;
      },
      log: (message) => log.push(message),
    });
    return { watch, log };
  };
  const eventsOf = async (houseWallet: string) =>
    (
      await target.db
        .select()
        .from(systemEvents)
        .where(inArray(systemEvents.eventType, Object.values(HOUSE_BALANCE_EVENTS)))
    )
      .filter((e) => (e.details as { houseWallet?: string }).houseWallet === houseWallet)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  it('above, then below three times, then back, then below again: low, restored, low', async () => {
    const house = uniqueWallet();
    const { watch } = watchWith(house, [
      80n * SOL,
      49n * SOL,
      10n * SOL,
      50n * SOL - 1n,
      50n * SOL,
      49n * SOL,
    ]);
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await watch.check());
    expect(outcomes).toEqual([null, 'low', null, null, 'restored', 'low']);
    const events = await eventsOf(house);
    expect(events.map((e) => [e.eventType, e.severity])).toEqual([
      ['house_balance_low', 'critical'],
      ['house_balance_restored', 'other'],
      ['house_balance_low', 'critical'],
    ]);
    expect(events[0]?.message).toBe(
      `The house wallet ${house} holds 49 SOL, below the floor of 50 SOL: fund it before payouts wait.`,
    );
    expect(events[0]?.details).toMatchObject({
      balanceLamports: String(49n * SOL),
      floorLamports: String(50n * SOL),
    });
  });

  it('already below the floor at start is one event; staying below adds none', async () => {
    const house = uniqueWallet();
    const { watch } = watchWith(house, [1n, 2n, 3n]);
    expect(await watch.check()).toBe('low');
    expect(await watch.check()).toBeNull();
    expect(await watch.check()).toBeNull();
    expect((await eventsOf(house)).map((e) => e.eventType)).toEqual(['house_balance_low']);
  });

  it('several game nodes watching one house wallet, and a restart, record each crossing once', async () => {
    const house = uniqueWallet();
    const nodes = [watchWith(house, [1n, 2n, 80n * SOL]), watchWith(house, [1n, 2n, 80n * SOL])];
    // Both nodes see the low balance at the same moment: one event.
    expect((await Promise.all(nodes.map((n) => n.watch.check()))).filter(Boolean)).toEqual(['low']);
    // A node that starts again while the balance is still low adds none.
    const restarted = watchWith(house, [3n]);
    expect(await restarted.watch.check()).toBeNull();
    for (const n of nodes) await n.watch.check();
    // Back above the floor: one restored, whichever node saw it first.
    expect((await Promise.all(nodes.map((n) => n.watch.check()))).filter(Boolean)).toEqual(['restored']);
    expect((await eventsOf(house)).map((e) => e.eventType)).toEqual([
      'house_balance_low',
      'house_balance_restored',
    ]);
  });

  it('a balance that cannot be read records nothing and is logged', async () => {
    const house = uniqueWallet();
    const { watch, log } = watchWith(house, [new Error('rpc down'), 1n]);
    expect(await watch.check()).toBeNull();
    expect(log).toEqual(['house balance check: the balance could not be read']);
    expect(await watch.check()).toBe('low');
    expect(await eventsOf(house)).toHaveLength(1);
  });
});
