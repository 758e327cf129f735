import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { gameSessions, queueSessions } from '../db/schema/index.ts';
import { failingWrites } from '../db/test-support/failing-writes.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { PAIR_RETRY_MS } from './node/match-start.ts';
import { localChainForFile, searchBed } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

describeEachDatabase('pairing and the match start are one transaction', (target) => {
  it('a match start the database refuses matches nobody: both paid players still search, no entry fee is stranded, and the pairing is tried again', async () => {
    const faults = failingWrites(target.db);
    const bed = await searchBed(chain(), faults.db);
    const [a, b] = [await bed.link(), await bed.link()];
    const handlerErrors: unknown[] = [];
    await bed.findPaidMatch(a);
    faults.failInserts(gameSessions);
    await bed.findPaidMatch(b).catch((error: unknown) => handlerErrors.push(error));
    expect(faults.refused()).toBe(1);

    // Nothing is matched, in the database or in memory; nobody is owed anything: both are searching.
    const rows = async () => [...(await bed.rowsOf(a)), ...(await bed.rowsOf(b))];
    expect((await rows()).map((r) => [r.status, r.resultingGameId])).toEqual([
      ['active', null],
      ['active', null],
    ]);
    expect(bed.game.queueLengths().tiny_tuna).toBe(2);
    expect([...a.of('matched'), ...b.of('matched')]).toEqual([]);
    expect([...(await bed.jobsOf(a)), ...(await bed.jobsOf(b))]).toEqual([]);
    expect(await checkLedgerBalance(target.db)).toEqual([]);

    // The same pairing is tried again from the tick once PAIR_RETRY_MS has passed, and now it starts.
    const failedAt = bed.clock.now();
    bed.clock.set(failedAt + PAIR_RETRY_MS - 1);
    bed.game.tick();
    expect(bed.game.queueLengths().tiny_tuna).toBe(2);
    bed.clock.set(failedAt + PAIR_RETRY_MS);
    bed.game.tick();
    await until(() => a.of('matched').length === 1 && b.of('matched').length === 1, { what: 'both matched' });
    const gameId = a.of('matched')[0]!.gameId;
    expect(b.of('matched')[0]!.gameId).toBe(gameId);
    const [session] = await target.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
    expect(session).toMatchObject({
      status: 'playing',
      player1Wallet: a.wallet.address,
      player2Wallet: b.wallet.address,
    });
    const matched = await target.db
      .select()
      .from(queueSessions)
      .where(inArray(queueSessions.walletAddress, [a.wallet.address, b.wallet.address]));
    expect(matched.map((r) => [r.status, r.resultingGameId])).toEqual([
      ['matched', gameId],
      ['matched', gameId],
    ]);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
    expect(handlerErrors).toEqual([]);
  }, 60_000);
});
