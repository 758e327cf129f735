import {
  type Address,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  type KeyPairSigner,
  type Signature,
  signTransaction,
} from '@solana/kit';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { airdropTo, waitForCommitment } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { until } from '../../../../test/support/until.ts';
import { buildEntryTransfer } from '../../../common/entry-transfer.ts';
import { CANCEL_WAIT_MS } from '../../../common/rules.ts';
import { challengeByCode } from '../../game/store/challenge-rows.ts';
import { PAID_MODE, searchBed, type TestLink } from '../../game/test-support/paid-search-bed.ts';
import {
  ACTION_API_PREFIX,
  challengeReference,
  registerChallengeActionRoutes,
} from '../../http/challenge-action-routes.ts';
import { findActionPayment } from '../entry/action-payment-lookup.ts';
import { ledgerRowsOf } from '../entry/test-support/entry-fixtures.ts';
import { reconcile } from '../reconcile/reconcile.ts';
import { PAYMENT_SWEEP_GRACE_MS } from './payment-sweeper.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';
import { eventsNaming, payAllAndCheck, refundJobsFor, sweeperOn } from './test-support/sweeper-fixtures.ts';
import {
  BLINK_PAYMENT_ERROR_CODE,
  BLINK_PAYMENT_EVENT,
  UNRECOGNISED_TRANSFER_EVENT,
} from './unclaimed-transfer-settle.ts';

const WAGER = PAID_MODE.wagerLamports;

/**
 * ARCHITECTURE invariant 10 for a payment made through a challenge's Solana Action (a Blink) by a wallet that
 * never signs in: the product built that transfer, so it ends as the payer's entry or is refunded in full,
 * once (RELIABILITY 28, 42), whether the challenge is cancelled, expires or the payer never comes back; the
 * payment sweeper waits while the challenge is open, survives a restart, and never refunds twice.
 */
describeEachDatabase('a Blink payment nobody uses as an entry is refunded in full, once', (target) => {
  const bed = usePayoutTestBed(target, 10n * SOL);
  const funding = () => [bed.server.chain.faucetAddress];
  const sweeper = () => sweeperOn(bed, target.db, { fundingAddresses: funding() });
  const reconcileAll = () =>
    reconcile({
      db: target.db,
      rpc: bed.server.rpc,
      houseWallet: bed.house.address,
      fundingAddresses: funding(),
    });
  const clock = () => bed.server.clock;
  const moveTo = (at: number) => clock().set(Math.max(clock().now(), at));

  /** A challenge opened by a paying player, and its link's Action on the same database and chain. */
  async function openChallenge() {
    const search = await searchBed(bed.server, target.db, { houseWallet: bed.house.address });
    const app = Fastify();
    registerChallengeActionRoutes(app, {
      db: target.db,
      clock: clock(),
      rpc: bed.server.rpc,
      houseWallet: bed.house.address,
      publicOrigin: () => 'https://pong.example',
    });
    const challenger = await search.link();
    await search.game.handle(challenger, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await search.payEntry(challenger),
      challenge: 'new',
    });
    const code = challenger.of('findMatch').at(-1)?.challenge?.code ?? '';
    expect(code).not.toBe('');
    return { search, app, challenger, code };
  }

  async function sendSigned(signer: KeyPairSigner, wire: Uint8Array | string): Promise<Signature> {
    const bytes = typeof wire === 'string' ? Buffer.from(wire, 'base64') : wire;
    const signed = await signTransaction([signer.keyPair], getTransactionDecoder().decode(bytes));
    return bed.server.rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();
  }

  /** A wallet that never signs in pays the entry with the transaction the Action answers; when it landed (ms). */
  async function payThroughAction(app: Awaited<ReturnType<typeof openChallenge>>['app'], code: string) {
    const payer = await airdropTo(bed.server, SOL);
    const answer = await app.inject({
      method: 'POST',
      url: `${ACTION_API_PREFIX}${code}`,
      payload: { account: payer.address },
    });
    expect(answer.statusCode).toBe(200);
    const signature = await sendSigned(payer, answer.json().transaction);
    await waitForCommitment(bed.server, signature, 'confirmed');
    const landed = await bed.server.rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    return { payer, signature, landedAt: Number(landed?.blockTime) * 1000 };
  }

  const balanceOf = async (address: Address) =>
    (await bed.server.rpc.getBalance(address, { commitment: 'confirmed' }).send()).value;

  /** The refund the sweeper owes for this payment: one entry row marked as a Blink's, one refund of it all. */
  async function expectRefundedInFull(signature: Signature, payer: KeyPairSigner, code: string) {
    const [entry, ...others] = await ledgerRowsOf(target.db, signature);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      type: 'entry_fee',
      walletAddress: payer.address,
      amountLamports: WAGER,
      gameMode: PAID_MODE.id,
      errorCode: BLINK_PAYMENT_ERROR_CODE,
    });
    // The admin's transactions list shows this message: what the payment was, not a stranger's transfer.
    expect(entry?.errorMessage).toContain(`Blink (Solana Action) payment for challenge ${code}`);
    const refunds = await refundJobsFor(target.db, entry!.id);
    expect(refunds.map((j) => [j.kind, j.amountLamports, j.walletAddress])).toEqual([
      ['refund', WAGER, payer.address],
    ]);
    const events = await eventsNaming(target.db, BLINK_PAYMENT_EVENT, 'signature', signature);
    expect(events.map((e) => [e.severity, e.details])).toEqual([
      ['warning', expect.objectContaining({ challengeCode: code, walletAddress: payer.address })],
    ]);
    expect(await eventsNaming(target.db, UNRECOGNISED_TRANSFER_EVENT, 'signature', signature)).toEqual([]);
  }

  it('paid through the Action, then the challenge is cancelled: the payment is refunded in full once, though its wallet never signed in', async () => {
    const { search, app, challenger, code } = await openChallenge();
    const { payer, signature, landedAt } = await payThroughAction(app, code);
    const paidDown = await balanceOf(payer.address);
    moveTo(search.joinedAt(challenger) + CANCEL_WAIT_MS);
    await search.game.handle(challenger, { type: 'cancelSearch' });

    // Not yet past the sweeper's grace: reconcile already counts it as a player's payment, not a stranger's.
    const early = await reconcileAll();
    expect(early.differences).toEqual([
      {
        kind: 'unaccounted-payment',
        source: 'chain',
        signature,
        transfer: { direction: 'in', counterparty: payer.address, lamports: WAGER },
        challengeCode: code,
      },
    ]);

    moveTo(landedAt + PAYMENT_SWEEP_GRACE_MS);
    const node = sweeper();
    expect((await node.runOnce()).chain).toMatchObject({ refunded: 1, reported: 0 });
    await expectRefundedInFull(signature, payer, code);
    // Again, and on another node that starts with no cursor: nothing more.
    expect((await node.runOnce()).chain).toMatchObject({ refunded: 0, reported: 0 });
    expect((await sweeper().runOnce()).chain).toMatchObject({ refunded: 0, reported: 0 });
    await expectRefundedInFull(signature, payer, code);

    await payAllAndCheck(bed, target.db, reconcileAll);
    expect((await balanceOf(payer.address)) - paidDown).toBe(WAGER);
  });

  it('paid through the Action while the challenge is open, and it expires: kept for the payer until then, refunded in full once after', async () => {
    const { search, app, challenger, code } = await openChallenge();
    const { payer, signature, landedAt } = await payThroughAction(app, code);
    const expiresAt = (await challengeByCode(target.db, code))?.entry.challenge?.expiresAt ?? 0;
    expect(landedAt + PAYMENT_SWEEP_GRACE_MS).toBeLessThan(expiresAt);

    // Past the grace, the challenge still open: the payer may still accept with it, so nothing is settled.
    moveTo(landedAt + PAYMENT_SWEEP_GRACE_MS);
    const node = sweeper();
    expect((await node.runOnce()).chain).toMatchObject({ refunded: 0, reported: 0, 'awaiting-challenge': 1 });
    expect(await ledgerRowsOf(target.db, signature)).toEqual([]);

    moveTo(expiresAt);
    search.game.tick();
    await until(async () => (await search.rowsOf(challenger))[0]?.status === 'timed_out', {
      what: 'the challenge expired',
    });
    // The same node, its cursor from before: it reads the payment again and refunds it.
    expect((await node.runOnce()).chain).toMatchObject({ refunded: 1, reported: 0 });
    await expectRefundedInFull(signature, payer, code);
    expect((await node.runOnce()).chain).toMatchObject({ refunded: 0, reported: 0 });
    await payAllAndCheck(bed, target.db, reconcileAll);
  });

  it('paid through the Action, and another friend accepts the challenge first: the payer who never comes back is refunded in full once', async () => {
    const { search, app, challenger, code } = await openChallenge();
    const { payer, signature, landedAt } = await payThroughAction(app, code);
    const friend = await search.link();
    await search.game.handle(friend, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await search.payEntry(friend),
      challenge: code,
    });
    expect(challenger.of('matched')[0]?.gameId).toBe(friend.of('matched')[0]?.gameId);

    moveTo(landedAt + PAYMENT_SWEEP_GRACE_MS);
    expect((await sweeper().runOnce()).chain).toMatchObject({ refunded: 1, reported: 0 });
    expect((await sweeper().runOnce()).chain).toMatchObject({ refunded: 0, reported: 0 });
    await expectRefundedInFull(signature, payer, code);
    await payAllAndCheck(bed, target.db, reconcileAll);
  });

  it('a sweeper restarted while the challenge is open neither misses the payment nor refunds it twice; of two nodes one refunds', async () => {
    const { search, app, challenger, code } = await openChallenge();
    const { payer, signature, landedAt } = await payThroughAction(app, code);
    moveTo(landedAt + PAYMENT_SWEEP_GRACE_MS);
    const before = sweeper();
    expect((await before.runOnce()).chain).toMatchObject({ refunded: 0, 'awaiting-challenge': 1 });
    await before.stop();

    await search.game.handle(challenger, { type: 'cancelSearch' });
    // The restarted process, and a second node, pass at once.
    const [restarted, other] = await Promise.all([sweeper().runOnce(), sweeper().runOnce()]);
    expect((restarted.chain?.refunded ?? 0) + (other.chain?.refunded ?? 0)).toBe(1);
    expect((await sweeper().runOnce()).chain).toMatchObject({ refunded: 0, reported: 0 });
    await expectRefundedInFull(signature, payer, code);
    await payAllAndCheck(bed, target.db, reconcileAll);
  });

  it("the payer's lookup finds its payment behind 30 other transactions naming the challenge's reference key", async () => {
    const { search, app, challenger, code } = await openChallenge();
    const { payer, signature } = await payThroughAction(app, code);
    // Anyone can name the key: a stranger's cheap transactions (to nobody's house) land after the payment.
    const stranger = await airdropTo(bed.server, SOL);
    const elsewhere = (await airdropTo(bed.server, SOL)).address;
    const { value: latest } = await bed.server.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const junk: Signature[] = [];
    for (let i = 1n; i <= 30n; i++) {
      const wire = buildEntryTransfer({
        payer: stranger.address,
        houseWallet: elsewhere,
        wagerLamports: i,
        latestBlockhash: latest,
        reference: challengeReference(code),
      });
      junk.push(await sendSigned(stranger, wire));
    }
    for (const each of junk) await waitForCommitment(bed.server, each, 'confirmed');
    const listed = await bed.server.rpc
      .getSignaturesForAddress(challengeReference(code), { limit: 31, commitment: 'confirmed' })
      .send();
    expect(listed.map((s) => s.signature).indexOf(signature)).toBe(30);

    const found = await findActionPayment(
      { db: target.db, rpc: bed.server.rpc, houseWallet: bed.house.address, now: clock().now() },
      {
        code,
        walletAddress: payer.address,
        wagerLamports: WAGER,
        createdAt: search.joinedAt(challenger),
      },
    );
    expect(found).toBe(signature);

    // The payer signs in and accepts with it: the entry, and the match, not a refund.
    const friend: TestLink = await search.link({ wallet: payer });
    await search.game.handle(friend, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: signature,
      challenge: code,
    });
    expect(friend.of('matched')).toHaveLength(1);
    expect(challenger.of('matched')[0]?.gameId).toBe(friend.of('matched')[0]?.gameId);
    expect(await eventsNaming(target.db, BLINK_PAYMENT_EVENT, 'signature', signature)).toEqual([]);
    await payAllAndCheck(bed, target.db, reconcileAll);
  });
});
