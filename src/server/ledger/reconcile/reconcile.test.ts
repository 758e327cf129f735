import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueSignature } from '../../../../test/support/database-bed.ts';
import { airdropTo, signedTransfer, waitForCommitment } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { transactions } from '../../db/schema/index.ts';
import { owePayout, oweRefund, payEntry, runUntilConfirmed } from '../payout/test-support/payout-fixtures.ts';
import { usePayoutTestBed } from '../payout/test-support/payout-test-bed.ts';
import type { ReconcileDifference } from './reconcile.ts';

const WAGER = 25_000_000n;

describeEachDatabase('reconciliation', (target) => {
  const bed = usePayoutTestBed(target, 10n * SOL);
  let refundRowId: string;

  const run = () => bed.reconcile();
  const differencesOf = async (kind: ReconcileDifference['kind']) =>
    (await run()).differences.filter((d) => d.kind === kind);

  /** A transfer signed by `from` and confirmed, with no ledger row. */
  async function transferOffLedger(from: KeyPairSigner, to: string, lamports: bigint) {
    const { value: lifetime } = await bed.server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from, to: to as never, lamports, lifetime });
    const signature = await bed.server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await waitForCommitment(bed.server, signature, 'confirmed');
    return signature;
  }

  it('after an entry, its refund and a payout, every house transfer matches one ledger row', async () => {
    const player = await airdropTo(bed.server, SOL);
    const entry = await payEntry(bed.server, target.db, {
      player,
      house: bed.house.address,
      lamports: WAGER,
    });
    const at = new Date(bed.server.clock.now());
    const refund = await oweRefund(target.db, {
      wallet: player.address,
      lamports: (WAGER * 97n) / 100n,
      entryTransactionId: entry.entryTransactionId,
      at,
    });
    const payout = await owePayout(target.db, (await generateKeyPairSigner()).address, 37_500_000n, at);
    const worker = bed.worker();
    await runUntilConfirmed(worker, bed.server, target.db, refund.jobId);
    await runUntilConfirmed(worker, bed.server, target.db, payout.jobId);
    refundRowId = refund.transactionId;

    const report = await run();
    expect(report.differences).toEqual([]);
    expect(report.summary).toMatchObject({ matched: 3, funding: 1, ledgerRows: 3, inFlight: 0 });
  });

  it('a ledger row whose amount was changed is reported', async () => {
    await target.db
      .update(transactions)
      .set({ amountLamports: sql`${transactions.amountLamports} + 1` })
      .where(eq(transactions.id, refundRowId));
    const mismatches = await differencesOf('transfer-mismatch');
    expect(mismatches).toEqual([expect.objectContaining({ ledgerId: refundRowId, type: 'refund' })]);
    await target.db
      .update(transactions)
      .set({ amountLamports: sql`${transactions.amountLamports} - 1` })
      .where(eq(transactions.id, refundRowId));
    expect((await run()).differences).toEqual([]);
  });

  it('a transfer from the house with no ledger row is reported as unrecorded outgoing', async () => {
    const stranger = (await generateKeyPairSigner()).address;
    const signature = await transferOffLedger(bed.house, stranger, 1_000_000n);
    expect(await differencesOf('unrecorded-transfer')).toEqual([
      {
        kind: 'unrecorded-transfer',
        signature,
        transfer: { direction: 'out', counterparty: stranger, lamports: 1_000_000n },
      },
    ]);
  });

  it('money in from an unknown wallet is reported; from a funding address it is not', async () => {
    const stranger = await airdropTo(bed.server, SOL);
    const signature = await transferOffLedger(stranger, bed.house.address, 2_000_000n);
    const unrecorded = await differencesOf('unrecorded-transfer');
    expect(unrecorded).toContainEqual({
      kind: 'unrecorded-transfer',
      signature,
      transfer: { direction: 'in', counterparty: stranger.address, lamports: 2_000_000n },
    });
    expect(
      unrecorded.some(
        (d) => d.kind === 'unrecorded-transfer' && d.transfer.counterparty === bed.server.chain.faucetAddress,
      ),
    ).toBe(false);
  });

  it('a confirmed payout whose signature is not on chain, or that has none, is reported', async () => {
    const signature = uniqueSignature();
    const [row] = await target.db
      .insert(transactions)
      .values([
        {
          type: 'winner_payout',
          walletAddress: bed.house.address,
          amountLamports: 1n,
          transactionSignature: signature,
        },
        { type: 'refund', walletAddress: bed.house.address, amountLamports: 1n },
      ])
      .returning({ id: transactions.id });
    expect(await differencesOf('missing-on-chain')).toEqual([
      { kind: 'missing-on-chain', ledgerId: row!.id, type: 'winner_payout', signature },
    ]);
    expect(await differencesOf('confirmed-without-signature')).toHaveLength(1);
  });
});
