import type { KeyPairSigner, Signature } from '@solana/kit';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { airdropTo } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import type { ChainRpc } from '../../chain/chain-rpc.ts';
import { createPlayerSessions } from '../../security/player-sessions.ts';
import { ENTRY_MESSAGES } from '../entry/entry-messages.ts';
import { ledgerRowsOf, pay, verifierOn } from '../entry/test-support/entry-fixtures.ts';
import { reconcile } from '../reconcile/reconcile.ts';
import { PAYMENT_SWEEP_GRACE_MS } from './payment-sweeper.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';
import { eventsNaming, payAllAndCheck, refundJobsFor, sweeperOn } from './test-support/sweeper-fixtures.ts';
import {
  UNCLAIMED_PAYMENT_ERROR_CODE,
  UNCLAIMED_PAYMENT_EVENT,
  UNRECOGNISED_TRANSFER_EVENT,
} from './unclaimed-transfer-settle.ts';

const WAGER = 25_000_000n;

/** The bed's RPC with every method call counted, to see what a chain pass reads. */
function countingRpc(rpc: ChainRpc) {
  const calls: string[] = [];
  const counted = new Proxy(rpc, {
    get(target, method, receiver) {
      const value = Reflect.get(target, method, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(method));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { rpc: counted, calls };
}

describeEachDatabase(
  'the running sweeper settles transfers to the house that no ledger row records',
  (target) => {
    const bed = usePayoutTestBed(target, 10n * SOL);
    /** The operator's treasury: a configured funding address (that has even signed in). */
    let treasury: KeyPairSigner;
    const fundingAddresses = () => [bed.server.chain.faucetAddress, treasury.address];
    const sweeper = (rpc?: ChainRpc) =>
      sweeperOn(bed, target.db, { fundingAddresses: fundingAddresses(), rpc });
    const reconcileAll = () =>
      reconcile({
        db: target.db,
        rpc: bed.server.rpc,
        houseWallet: bed.house.address,
        fundingAddresses: fundingAddresses(),
      });
    const signIn = (wallet: KeyPairSigner) =>
      createPlayerSessions({ db: target.db, clock: bed.server.clock }).start({
        walletAddress: wallet.address,
        ip: '127.0.0.1',
        userAgent: 'sweeper test',
      });
    /** A confirmed transfer to the house with no ledger row, and when the chain says it landed (ms). */
    async function transferToHouse(from: KeyPairSigner, lamports: bigint) {
      const signature = await pay(bed.server, { from, to: bed.house.address, lamports });
      const landed = await bed.server.rpc
        .getTransaction(signature, {
          commitment: 'confirmed',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      return { signature, landedAt: Number(landed?.blockTime) * 1000 };
    }
    const eventsFor = (type: string, signature: Signature) =>
      eventsNaming(target.db, type, 'signature', signature);

    beforeAll(async () => {
      treasury = await airdropTo(bed.server, 100n * SOL);
    });

    it('a signed-in player who paid and closed the tab before findMatch is refunded in full, once, when the payment reaches the grace', async () => {
      const player = await airdropTo(bed.server, SOL);
      await signIn(player);
      const { signature, landedAt } = await transferToHouse(player, WAGER);
      const node = sweeper();

      bed.server.clock.set(landedAt + PAYMENT_SWEEP_GRACE_MS - 1);
      expect((await node.runOnce()).chain?.refunded).toBe(0);
      expect(await ledgerRowsOf(target.db, signature)).toEqual([]);
      const before = await reconcileAll();
      expect(before.summary.unaccountedPayments).toBe(1);
      expect(before.differences).toEqual([
        {
          kind: 'unaccounted-payment',
          source: 'chain',
          signature,
          transfer: { direction: 'in', counterparty: player.address, lamports: WAGER },
        },
      ]);

      bed.server.clock.set(landedAt + PAYMENT_SWEEP_GRACE_MS);
      expect((await node.runOnce()).chain?.refunded).toBe(1);
      const [entry, ...others] = await ledgerRowsOf(target.db, signature);
      expect(others).toEqual([]);
      expect(entry).toMatchObject({
        type: 'entry_fee',
        walletAddress: player.address,
        amountLamports: WAGER,
        gameMode: 'smol_shrimp',
        errorCode: UNCLAIMED_PAYMENT_ERROR_CODE,
      });
      const refunds = await refundJobsFor(target.db, entry!.id);
      expect(refunds.map((j) => [j.kind, j.amountLamports, j.walletAddress])).toEqual([
        ['refund', WAGER, player.address],
      ]);
      const events = await eventsFor(UNCLAIMED_PAYMENT_EVENT, signature);
      expect(events.map((e) => e.severity)).toEqual(['warning']);
      expect(events[0]?.message).toContain(player.address);

      // Again, and from another node that starts with no cursor: nothing more.
      expect((await node.runOnce()).chain?.refunded).toBe(0);
      expect((await sweeper().runOnce()).chain).toMatchObject({ refunded: 0, reported: 0 });
      expect(await refundJobsFor(target.db, entry!.id)).toHaveLength(1);
      // The player comes back with the payment: it is spent.
      const { verifier } = verifierOn(bed.server, { db: target.db, houseWallet: bed.house.address });
      const late = await verifier.verify({ walletAddress: player.address, mode: 'smol_shrimp', signature });
      expect(late).toMatchObject({ ok: false, message: ENTRY_MESSAGES.alreadyUsed });
      await payAllAndCheck(bed, target.db, reconcileAll);
    });

    it("the operator's top-up from a configured funding address is never refunded nor reported", async () => {
      await signIn(treasury);
      const { signature, landedAt } = await transferToHouse(treasury, 5n * SOL);
      bed.server.clock.set(landedAt + PAYMENT_SWEEP_GRACE_MS);
      const run = await sweeper().runOnce();
      expect(run.chain).toMatchObject({ refunded: 0, reported: 0 });
      expect(run.chain?.funding).toBeGreaterThanOrEqual(1);
      expect(await ledgerRowsOf(target.db, signature)).toEqual([]);
      expect(await eventsFor(UNRECOGNISED_TRANSFER_EVENT, signature)).toEqual([]);
      await payAllAndCheck(bed, target.db, reconcileAll);
    });

    it("a stranger's transfer is reported once, whichever node sees it, and never refunded; each pass reads only what is new", async () => {
      const { rpc, calls } = countingRpc(bed.server.rpc);
      const node = sweeper(rpc);
      await node.runOnce();
      calls.length = 0;
      await node.runOnce();
      // Nothing new since its cursor: one listing, no transaction fetched.
      expect(calls).toEqual(['getSignaturesForAddress']);

      const stranger = await airdropTo(bed.server, SOL);
      const { signature, landedAt } = await transferToHouse(stranger, 3_000_000n);
      calls.length = 0;
      bed.server.clock.set(landedAt + PAYMENT_SWEEP_GRACE_MS - 1);
      expect((await node.runOnce()).chain?.reported).toBe(0);
      expect(calls).toEqual(['getSignaturesForAddress']);

      bed.server.clock.set(landedAt + PAYMENT_SWEEP_GRACE_MS);
      calls.length = 0;
      expect((await node.runOnce()).chain).toMatchObject({ reported: 1, refunded: 0 });
      expect(calls).toEqual(['getSignaturesForAddress', 'getTransaction']);
      calls.length = 0;
      expect((await node.runOnce()).chain?.reported).toBe(0);
      expect(calls).toEqual(['getSignaturesForAddress']);
      expect((await sweeper().runOnce()).chain).toMatchObject({ reported: 0, 'already-settled': 1 });

      const events = await eventsFor(UNRECOGNISED_TRANSFER_EVENT, signature);
      expect(events.map((e) => e.severity)).toEqual(['warning']);
      expect(events[0]?.message).toContain(stranger.address);
      expect(await ledgerRowsOf(target.db, signature)).toEqual([]);
      // Not a player's payment: reconcile lists it as money of unknown origin, for an admin to decide.
      const report = await reconcileAll();
      expect(report.summary.unaccountedPayments).toBe(0);
      expect(report.differences).toEqual([
        {
          kind: 'unrecorded-transfer',
          signature,
          transfer: { direction: 'in', counterparty: stranger.address, lamports: 3_000_000n },
        },
      ]);
    });
  },
);
