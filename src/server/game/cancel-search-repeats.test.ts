import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { CANCEL_REPLY_MEMORY_MS } from './node/cancel-replies.ts';
import { localChainForFile, PAID_MODE, searchBed } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

const REFUND = (PAID_MODE.wagerLamports * 97n) / 100n;
const notSearching = {
  type: 'error',
  data: { message: ERROR_MESSAGES.notSearching, code: 'not_searching' },
};

/**
 * The client sends `cancelSearch` several times plus a backup after 500 ms. A
 * repeat for a search already cancelled gets the same answer again (the same message and refund figures),
 * never an error, and never a second refund; the answer is remembered for a bounded time.
 */
describeEachDatabase('a repeated cancelSearch is answered like the first', (target) => {
  it('three cancels and a backup 500 ms later all get the same success and figures; one refund of floor(97%)', async () => {
    const bed = await searchBed(chain(), target.db);
    const a = await bed.link();
    await bed.findPaidMatch(a);
    bed.clock.set(bed.joinedAt(a) + CANCEL_WAIT_MS);
    const signature = (await bed.rowsOf(a))[0]!.metadata as { paymentSignature: string };
    for (let i = 0; i < 3; i++) {
      await bed.game.handle(a, { type: 'cancelSearch', paymentSignature: signature.paymentSignature });
    }
    bed.clock.advance(500);
    await bed.game.handle(a, { type: 'cancelSearch', paymentSignature: signature.paymentSignature });

    const replies = a.sent.filter((m) => m.type === 'cancelSearch' || m.type === 'error');
    expect(replies).toHaveLength(4);
    const [first] = replies;
    expect(first).toMatchObject({ type: 'cancelSearch', success: true, refundLamports: REFUND.toString() });
    for (const reply of replies) expect(reply).toEqual(first);
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([REFUND]);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });

  it('two sockets of the wallet cancelling at the same moment get the same answer; one refund', async () => {
    const bed = await searchBed(chain(), target.db);
    const a = await bed.link();
    const tab = await bed.link({ wallet: a.wallet });
    await bed.findPaidMatch(a);
    bed.clock.set(bed.joinedAt(a) + CANCEL_WAIT_MS);
    await Promise.all([
      bed.game.handle(a, { type: 'cancelSearch' }),
      bed.game.handle(tab, { type: 'cancelSearch' }),
      bed.game.handle(a, { type: 'cancelSearch' }),
    ]);
    const replies = [...a.sent, ...tab.sent].filter((m) => m.type === 'cancelSearch' || m.type === 'error');
    expect(replies).toHaveLength(3);
    for (const reply of replies) {
      expect(reply).toMatchObject({ type: 'cancelSearch', success: true, refundLamports: REFUND.toString() });
    }
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([REFUND]);
  });

  it('the answer is remembered for CANCEL_REPLY_MEMORY_MS (t-1, t), not for another payment, and not past a new search', async () => {
    const bed = await searchBed(chain(), target.db);
    const a = await bed.link();
    await bed.findPaidMatch(a);
    bed.clock.set(bed.joinedAt(a) + CANCEL_WAIT_MS);
    await bed.game.handle(a, { type: 'cancelSearch' });
    const cancelledAt = bed.clock.now();
    const answer = a.sent.at(-1);
    expect(answer).toMatchObject({ type: 'cancelSearch', success: true });

    // A repeat naming another payment is not a repeat of this cancel.
    await bed.game.handle(a, { type: 'cancelSearch', paymentSignature: '1'.repeat(88) });
    expect(a.sent.at(-1)).toEqual(notSearching);

    bed.clock.set(cancelledAt + CANCEL_REPLY_MEMORY_MS - 1);
    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toEqual(answer);
    bed.clock.set(cancelledAt + CANCEL_REPLY_MEMORY_MS);
    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toEqual(notSearching);

    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([REFUND]);
  });

  it('a new search forgets the old answer: a cancel after it was matched is not answered with the old refund', async () => {
    const bed = await searchBed(chain(), target.db);
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    bed.clock.set(bed.joinedAt(a) + CANCEL_WAIT_MS);
    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toMatchObject({ type: 'cancelSearch', success: true });

    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await bed.game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    expect(a.of('matched')).toHaveLength(1);
    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toEqual(notSearching);
  });
});
