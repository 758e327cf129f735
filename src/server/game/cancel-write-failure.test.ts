import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import { queueSessions } from '../db/schema/index.ts';
import { failingWrites } from '../db/test-support/failing-writes.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { createDrizzleMatchmaker } from './test-support/drizzle-matchmaker.ts';
import { localChainForFile, PAID_MODE, searchBed } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

/**
 * A cancel whose database write fails must not lock the player out. The entry leaves
 * memory only once the database has it closed; until then the search is still there, answers 'Already
 * Searching' truthfully, and can be cancelled again.
 */
describeEachDatabase('a failed cancel leaves the search open', (target) => {
  it('the matchmaker keeps an entry whose close was refused, and closes it on the next try', async () => {
    const faults = failingWrites(target.db);
    const mm = createDrizzleMatchmaker({ db: faults.db, clock: createFakeClock() });
    const wallet = uniqueWallet();
    const player = {
      linkId: randomUUID(),
      playerSessionId: randomUUID(),
      walletAddress: wallet,
      displayName: 'P',
      ip: null,
      userAgent: null,
    };
    const joined = await mm.join(player, 'practice', null);
    if (!joined.ok) throw new Error('join failed');
    faults.failUpdates(queueSessions);
    await expect(mm.close(joined.entry.id, 'cancelled')).rejects.toThrow(/injected fault/);
    expect(mm.entryOf(wallet)?.id).toBe(joined.entry.id);
    expect(mm.lengths().practice).toBe(1);
    const rows = () => target.db.select().from(queueSessions).where(eq(queueSessions.walletAddress, wallet));
    expect((await rows()).map((r) => r.status)).toEqual(['active']);

    expect(await mm.close(joined.entry.id, 'cancelled')).toMatchObject({ id: joined.entry.id });
    expect(mm.entryOf(wallet)).toBeUndefined();
    expect((await rows()).map((r) => r.status)).toEqual(['cancelled']);
    expect((await mm.join(player, 'practice', null)).ok).toBe(true);
  });

  it('a paid cancel the database refuses is answered with a clear error, refunds nothing, and succeeds when sent again', async () => {
    const faults = failingWrites(target.db);
    const bed = await searchBed(chain(), faults.db);
    const a = await bed.link();
    await bed.findPaidMatch(a);
    bed.clock.set(bed.joinedAt(a) + CANCEL_WAIT_MS);

    faults.failUpdates(queueSessions);
    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: { message: ERROR_MESSAGES.cancelFailed, code: 'cancel_failed' },
    });
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);
    expect(await bed.jobsOf(a)).toEqual([]);
    // Still searching, truthfully: a second search is refused, the queue still holds it.
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    expect(a.sent.at(-1)).toMatchObject({ type: 'error', data: { code: 'already_searching' } });
    expect(bed.game.queueLengths().tiny_tuna).toBe(1);

    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toMatchObject({
      type: 'cancelSearch',
      success: true,
      refundLamports: ((PAID_MODE.wagerLamports * 97n) / 100n).toString(),
    });
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['cancelled']);
    expect(await bed.jobsOf(a)).toHaveLength(1);
    expect(await checkLedgerBalance(target.db)).toEqual([]);

    // Not locked out: a new search starts at once.
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    expect(a.sent.at(-1)).toMatchObject({ type: 'joinQueue', queueType: 'practice' });
  });
});
