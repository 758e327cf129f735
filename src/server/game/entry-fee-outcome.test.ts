import { type Address, generateKeyPairSigner } from '@solana/kit';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { waitForCommitment } from '../../../test/support/local-chain-server.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import { payoutJobs, queueSessions, transactions } from '../db/schema/index.ts';
import { failingWrites } from '../db/test-support/failing-writes.ts';
import { ENTRY_MESSAGES } from '../ledger/entry/entry-messages.ts';
import { ledgerRowsOf, pay } from '../ledger/entry/test-support/entry-fixtures.ts';
import { checkMoney, sweepUnusedEntriesAfterGrace } from '../ledger/test-support/money-check.ts';
import { localChainForFile, PAID_MODE, searchBed } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/**
 * RELIABILITY 28: a paid findMatch whose payment was recorded ends as a search or as a full refund, and the
 * answer says which; a refusal that records nothing is passing (the client keeps the signature and comes
 * back with it). The real game server, the real verifier on the local chain, the real money side; faults
 * are injected writes (test/support/failing-writes.ts).
 */
describeEachDatabase('a verified entry fee is a search or a refund, never kept', (target) => {
  /** One house wallet per database, so that its chain history is the payments this database recorded. */
  let houseWallet: Address;
  beforeAll(async () => {
    houseWallet = (await generateKeyPairSigner()).address;
  });
  const bedOn = (db: typeof target.db) => searchBed(chain(), db, { houseWallet });
  /** Both money checks the operator runs: no difference, and every entry fee of this database on chain. */
  async function expectMoneyAgrees() {
    const entries = await target.db.select().from(transactions).where(eq(transactions.type, 'entry_fee'));
    expect(await checkMoney({ db: target.db, rpc: chain().rpc, houseWallet })).toEqual({
      ledger: [],
      chain: [],
      matchedOnChain: entries.length,
    });
  }

  it('a paid findMatch whose queue write fails gets its fee refunded in full, once, and an answer that says so', async () => {
    const faults = failingWrites(target.db);
    const bed = await bedOn(faults.db);
    const a = await bed.link();
    const signature = await bed.payEntry(a);

    faults.failInserts(queueSessions);
    await bed.findPaidMatch(a, signature);

    expect(faults.refused()).toBe(1);
    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: {
        message: REFUND_TEXTS.searchNotStarted(WAGER),
        code: 'entry_refunded',
        refundLamports: WAGER.toString(),
      },
    });
    expect(a.sent.at(-1)).toMatchObject({ data: { message: expect.stringContaining('refunded') } });
    expect(await bed.rowsOf(a)).toEqual([]);
    const [entry] = await ledgerRowsOf(target.db, signature);
    expect(await bed.jobsOf(a)).toMatchObject([
      { kind: 'refund', amountLamports: WAGER, entryTransactionId: entry?.id, status: 'pending' },
    ]);
    expect(bed.game.matchmaker.entryOf(a.wallet.address)).toBeUndefined();

    // Sent again: the signature is spent; nothing is owed twice.
    await bed.findPaidMatch(a, signature);
    expect(a.sent.at(-1)).toMatchObject({ type: 'error', data: { message: ENTRY_MESSAGES.alreadyUsed } });
    expect(await bed.jobsOf(a)).toHaveLength(1);
    await expectMoneyAgrees();
  });

  it('when even the refund cannot be written, the answer says it is refunded automatically, and the sweep does it once', async () => {
    const faults = failingWrites(target.db);
    const bed = await bedOn(faults.db);
    const a = await bed.link();
    const signature = await bed.payEntry(a);

    faults.failInserts(queueSessions);
    faults.failInserts(payoutJobs);
    await bed.findPaidMatch(a, signature);

    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: {
        message: REFUND_TEXTS.searchNotStartedRefundPending(WAGER),
        code: 'entry_refund_pending',
        refundLamports: WAGER.toString(),
      },
    });
    expect(await bed.jobsOf(a)).toEqual([]);

    const sweep = () => sweepUnusedEntriesAfterGrace({ db: target.db, clock: bed.clock, houseWallet });
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const [entry] = await ledgerRowsOf(target.db, signature);
    expect(await bed.jobsOf(a)).toMatchObject([
      { kind: 'refund', amountLamports: WAGER, entryTransactionId: entry?.id },
    ]);
    await expectMoneyAgrees();
  });

  it('a confirmed payment submitted 11 minutes late is recorded and refunded in full once, and the answer says so', async () => {
    const bed = await bedOn(target.db);
    const a = await bed.link();
    const signature = await bed.payEntry(a);
    bed.clock.advance(11 * 60_000);

    await bed.findPaidMatch(a, signature);

    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: {
        message: ENTRY_MESSAGES.tooOld(WAGER),
        code: 'entry_refunded',
        refundLamports: WAGER.toString(),
      },
    });
    expect(await bed.rowsOf(a)).toEqual([]);
    const [entry] = await ledgerRowsOf(target.db, signature);
    expect(entry).toMatchObject({ type: 'entry_fee', amountLamports: WAGER, errorCode: 'too_old' });
    expect(await bed.jobsOf(a)).toMatchObject([
      { kind: 'refund', amountLamports: WAGER, entryTransactionId: entry?.id },
    ]);
    await bed.findPaidMatch(a, signature);
    expect(await bed.jobsOf(a)).toHaveLength(1);
    await expectMoneyAgrees();
  });

  it('a payment not yet confirmed gets a passing refusal, nothing recorded, and the same signature becomes a search when sent again', async () => {
    const bed = await bedOn(target.db);
    const a = await bed.link();
    const signature = await pay(chain(), {
      from: a.wallet,
      to: bed.houseWallet,
      lamports: WAGER,
      confirm: false,
    });

    await bed.findPaidMatch(a, signature);
    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: { message: ENTRY_MESSAGES.notFoundYet, code: 'payment_not_visible' },
    });
    expect(await ledgerRowsOf(target.db, signature)).toEqual([]);

    await waitForCommitment(chain(), signature, 'confirmed');
    await bed.findPaidMatch(a, signature);
    expect(a.of('joinQueue')).toHaveLength(1);
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);
    expect(await bed.jobsOf(a)).toEqual([]);
    await expectMoneyAgrees();
  });

  it('a search refused because the wallet is already searching returns the new payment in full and says so', async () => {
    const bed = await bedOn(target.db);
    const a = await bed.link();
    await bed.findPaidMatch(a);
    const second = await bed.payEntry(a);

    await bed.findPaidMatch(a, second);

    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: {
        message: REFUND_TEXTS.withRefund('Already Searching', WAGER),
        code: 'already_searching',
        refundLamports: WAGER.toString(),
      },
    });
    const [entry] = await ledgerRowsOf(target.db, second);
    expect(await bed.jobsOf(a)).toMatchObject([
      { kind: 'refund', amountLamports: WAGER, entryTransactionId: entry?.id },
    ]);
    await expectMoneyAgrees();
  });
});
