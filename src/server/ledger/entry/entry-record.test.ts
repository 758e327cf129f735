import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  uniqueSignature,
  uniqueWallet,
} from '../../../../test/support/database-bed.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import {
  isSignatureRecorded,
  recordEntryFee,
  recordUnusablePayment,
  type VerifiedPayment,
} from './entry-record.ts';
import { jobsOfWallet, ledgerRowsOf } from './test-support/entry-fixtures.ts';

function payment(lamports = 25_000_000n): VerifiedPayment {
  return {
    walletAddress: uniqueWallet(),
    gameMode: 'smol_shrimp',
    signature: uniqueSignature(),
    lamports,
    evidence: { slot: 300_000_001n, blockTime: 1_767_225_600n, feeLamports: 5_060n, version: 'legacy' },
    at: new Date(Date.UTC(2026, 0, 1)),
  };
}

describeEachDatabase('the unique signature is the guard against a second entry', (target) => {
  it('of several inserts of one signature racing, exactly one records the entry fee', async () => {
    const paid = payment();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => recordEntryFee(target.db, walletAnalytics, paid)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ledgerRowsOf(target.db, paid.signature)).toHaveLength(1);
    expect(await isSignatureRecorded(target.db, paid.signature)).toBe(true);
  });

  it('a wrong amount recorded by racing calls owes one refund', async () => {
    const paid = payment(24_999_999n);
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        recordUnusablePayment(target.db, walletAnalytics, paid, 'wrong amount'),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const jobs = await jobsOfWallet(target.db, paid.walletAddress);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.amountLamports).toBe(24_999_999n);
  });

  it('a wrong amount whose signature already backs an entry writes nothing', async () => {
    const paid = payment();
    await recordEntryFee(target.db, walletAnalytics, paid);
    expect(
      await recordUnusablePayment(target.db, walletAnalytics, { ...paid, lamports: 1n }, 'wrong amount'),
    ).toBeUndefined();
    expect(await jobsOfWallet(target.db, paid.walletAddress)).toEqual([]);
    expect(await ledgerRowsOf(target.db, paid.signature)).toHaveLength(1);
  });
});
