import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { CANCEL_WAIT_MS, RECONNECTION_WINDOW_MS } from '../../common/rules.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { localChainForFile, PAID_MODE, searchBed } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

const REFUND = (PAID_MODE.wagerLamports * 97n) / 100n;
const cancelTooEarly = {
  type: 'error',
  data: { message: ERROR_MESSAGES.cancelTooEarly, code: 'cancel_too_early' },
};
const cancelled = {
  type: 'cancelSearch',
  success: true,
  refundLamports: REFUND.toString(),
  refundAmount: 0.097,
};

/**
 * Cancelling a paid search is allowed only after 10 s and refunds 97%. Every way
 * out of a paid search follows that one rule: `cancelSearch`, `exit` and `forceDisconnect` before 10 s are
 * refused with the cancel message; a lost socket keeps its search for the reconnection window (30 s), so the
 * player can come back to it, and the search is closed with 97% back only when the window ends.
 */
describeEachDatabase('one rule for leaving a paid search', (target) => {
  it.each([
    ['cancelSearch', 'cancelled'],
    ['exit', 'disconnected'],
    ['forceDisconnect', 'disconnected'],
  ] as const)(
    '%s at 9.999 s is refused with the cancel message and changes nothing; at 10 s it closes the search with floor(97%) back, once',
    async (type, status) => {
      const bed = await searchBed(chain(), target.db);
      const a = await bed.link();
      await bed.findPaidMatch(a);
      const joinedAt = bed.joinedAt(a);

      bed.clock.set(joinedAt + CANCEL_WAIT_MS - 1);
      await bed.game.handle(a, { type });
      expect(a.sent.at(-1)).toEqual(cancelTooEarly);
      expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);
      expect(await bed.jobsOf(a)).toEqual([]);
      expect(bed.game.queueLengths().tiny_tuna).toBe(1);

      bed.clock.set(joinedAt + CANCEL_WAIT_MS);
      await bed.game.handle(a, { type });
      expect(a.sent.at(-1)).toMatchObject(cancelled);
      expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual([status]);
      expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([REFUND]);
      expect(bed.game.queueLengths().tiny_tuna).toBe(0);
      expect(await checkLedgerBalance(target.db)).toEqual([]);
    },
  );

  it('a socket lost before 10 s keeps its search for the 30 s window, unpaired; at the window’s end (t-1, t) it is closed as disconnected with floor(97%) back, once', async () => {
    const bed = await searchBed(chain(), target.db);
    const [a, b] = [await bed.link(), await bed.link()];
    const paidByB = await bed.payEntry(b);
    await bed.findPaidMatch(a);
    const lostAt = bed.joinedAt(a) + 1_000;
    bed.clock.set(lostAt);
    await bed.game.disconnected(a);
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);

    // Nobody would see a match start on the lost socket: a newcomer is not paired with it.
    await bed.findPaidMatch(b, paidByB);
    expect(b.of('matched')).toEqual([]);
    expect(bed.game.queueLengths().tiny_tuna).toBe(2);

    bed.clock.set(lostAt + RECONNECTION_WINDOW_MS - 1);
    bed.game.tick();
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);
    bed.clock.set(lostAt + RECONNECTION_WINDOW_MS);
    bed.game.tick();
    await until(async () => (await bed.rowsOf(a))[0]?.status === 'disconnected', {
      what: 'the away search closed',
    });
    await until(async () => (await bed.jobsOf(a)).length === 1, { what: 'its refund owed' });
    bed.clock.advance(5_000);
    bed.game.tick();
    expect((await bed.jobsOf(a)).map((j) => [j.amountLamports, j.status])).toEqual([[REFUND, 'pending']]);
    expect(bed.game.queueLengths().tiny_tuna).toBe(1);

    // Back later, the player is told once what became of the search, with the same figures.
    const back = await bed.link({ wallet: a.wallet });
    await bed.game.connected(back);
    // Then what the server holds now: nothing (the page named no search).
    const nothingHeld = { type: 'held', holds: { kind: 'nothing' }, settled: null };
    expect(back.sent).toEqual([expect.objectContaining(cancelled), nothingHeld]);
    await bed.game.connected(back);
    expect(back.of('cancelSearch')).toHaveLength(1);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });

  it('a new socket of the same wallet within the window takes the search back, is told it is searching, and gets the match', async () => {
    const bed = await searchBed(chain(), target.db);
    const [a, b] = [await bed.link(), await bed.link()];
    const paidByB = await bed.payEntry(b);
    await bed.findPaidMatch(a);
    const lostAt = bed.joinedAt(a) + 2_000;
    bed.clock.set(lostAt);
    await bed.game.disconnected(a);

    bed.clock.set(lostAt + RECONNECTION_WINDOW_MS - 1);
    const back = await bed.link({ wallet: a.wallet });
    await bed.game.connected(back);
    expect(back.sent.map((m) => m.type)).toEqual(['findMatch', 'joinQueue', 'held']);
    expect(back.of('held')[0]?.holds).toMatchObject({ kind: 'search', gameMode: 'tiny_tuna' });
    expect(back.of('joinQueue')[0]).toMatchObject({ queueType: 'tiny_tuna', queuePosition: 1 });

    await bed.findPaidMatch(b, paidByB);
    const [matched] = back.of('matched');
    expect(matched?.gameId).toBe(b.of('matched')[0]?.gameId);
    // The seat belongs to the socket that came back (its session), not to the lost one.
    expect(bed.game.matches()).toHaveLength(1);
    const [live] = bed.game.matches();
    expect(live?.snapshot(matched!.playerIndex).gameState).not.toBe('waitingForReconnection');
    await bed.game.handle(back, { type: 'paddleMove', gameId: matched!.gameId, position: 100 });
    expect(back.of('error')).toEqual([]);

    // The old window passing changes nothing: the search became a match, no refund is owed.
    bed.clock.set(lostAt + RECONNECTION_WINDOW_MS + 1);
    bed.game.tick();
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['matched']);
    expect(await bed.jobsOf(a)).toEqual([]);
    expect(a.of('matched')).toEqual([]);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });
});
