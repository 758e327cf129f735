import { type Address, generateKeyPairSigner, getBase58Decoder } from '@solana/kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
  waitForCommitment,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { ENTRY_MESSAGES } from './entry-messages.ts';
import {
  countingRpc,
  jobsOfWallet,
  ledgerRowsOf,
  pay,
  payNothing,
  rowsOfWallet,
  verifierOn,
} from './test-support/entry-fixtures.ts';

const MODE = getGameMode('smol_shrimp');
const WAGER = MODE.wagerLamports;

let server: LocalChainServer;
let house: Address;

beforeAll(async () => {
  server = await startLocalChainServer();
  house = (await generateKeyPairSigner()).address;
});

afterAll(async () => {
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
});

describeEachDatabase('entry fees verified on the local chain: payer, amount, house, once', (target) => {
  const verifier = () => verifierOn(server, { db: target.db, houseWallet: house }).verifier;
  const player = () => airdropTo(server, SOL);
  const request = (walletAddress: string, signature: string | undefined) => ({
    walletAddress,
    mode: MODE.id,
    signature,
  });

  it.each([
    ['legacy', 'legacy'],
    ['v0', 0],
  ] as const)(
    'a good %s payment verifies and records one confirmed entry_fee row',
    async (_name, version) => {
      const from = await player();
      const signature = await pay(server, { from, to: house, lamports: WAGER, version });

      const result = await verifier().verify(request(from.address, signature));

      const rows = await ledgerRowsOf(target.db, signature);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(result).toEqual({ ok: true, paid: { transactionId: row.id, signature, lamports: WAGER } });
      expect(row).toMatchObject({
        type: 'entry_fee',
        status: 'confirmed',
        walletAddress: from.address,
        amountLamports: WAGER,
        gameMode: MODE.id,
        transactionSignature: signature,
        confirmedAt: new Date(server.clock.now()),
        errorCode: null,
      });
      expect(row.rawBlockchainData).toEqual({
        signature,
        slot: expect.stringMatching(/^\d+$/),
        confirmationStatus: 'confirmed',
        fee: '5060',
        blockTime: expect.stringMatching(/^\d+$/),
        version,
      });
      const { blockTime } = row.rawBlockchainData as { blockTime: string };
      expect(server.clock.now() - Number(blockTime) * 1000).toBeLessThan(5_000);
      expect(await jobsOfWallet(target.db, from.address)).toEqual([]);
    },
  );

  it('a used signature is refused at once, without asking the chain again', async () => {
    const from = await player();
    const signature = await pay(server, { from, to: house, lamports: WAGER });
    expect((await verifier().verify(request(from.address, signature))).ok).toBe(true);

    const { rpc, calls } = countingRpc(server.url);
    const again = await verifierOn(server, { db: target.db, houseWallet: house, rpc }).verifier.verify(
      request(from.address, signature),
    );
    expect(again).toEqual({ ok: false, message: ENTRY_MESSAGES.alreadyUsed });
    expect(calls()).toBe(0);
    expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
  });

  it('one signature verified from several sockets at the same moment gives exactly one entry', async () => {
    const from = await player();
    const signature = await pay(server, { from, to: house, lamports: WAGER });
    const sockets = [verifier(), verifier(), verifier(), verifier()];

    const results = await Promise.all(sockets.map((v) => v.verify(request(from.address, signature))));

    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 3 }, () => ({ ok: false, message: ENTRY_MESSAGES.alreadyUsed })),
    );
    expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
  });

  it("another wallet's payment is refused, records nothing, and then verifies for its owner", async () => {
    const owner = await player();
    const thief = await generateKeyPairSigner();
    const signature = await pay(server, { from: owner, to: house, lamports: WAGER });

    const stolen = await verifier().verify(request(thief.address, signature));
    expect(stolen).toEqual({ ok: false, message: ENTRY_MESSAGES.notFromWallet });
    expect(await ledgerRowsOf(target.db, signature)).toEqual([]);

    const own = await verifier().verify(request(owner.address, signature));
    expect(own.ok).toBe(true);
  });

  it.each([
    ['one lamport short', WAGER - 1n, 'Payment was 0.024999999 SOL but Smol Shrimp needs 0.025 SOL'],
    ['one lamport more', WAGER + 1n, 'Payment was 0.025000001 SOL but Smol Shrimp needs 0.025 SOL'],
  ])('%s is not queued and is refunded in full', async (_name, lamports, says) => {
    const from = await player();
    const signature = await pay(server, { from, to: house, lamports });

    const result = await verifier().verify(request(from.address, signature));

    expect(result).toEqual({
      ok: false,
      message: ENTRY_MESSAGES.wrongAmount(lamports, MODE.name, WAGER),
      code: 'entry_refunded',
      refundLamports: lamports,
    });
    expect(result.ok || result.message).toContain(says);
    expect(result.ok || result.message).toContain('will be refunded');
    const rows = await rowsOfWallet(target.db, from.address);
    const entry = rows.find((r) => r.type === 'entry_fee');
    const refund = rows.find((r) => r.type === 'refund');
    expect(rows).toHaveLength(2);
    expect(entry).toMatchObject({
      status: 'confirmed',
      amountLamports: lamports,
      transactionSignature: signature,
      errorCode: 'wrong_amount',
    });
    expect(refund).toMatchObject({
      status: 'pending',
      amountLamports: lamports,
      reason: 'system_error',
      refundPercentage: 100,
      originalTransactionId: entry?.id,
      transactionSignature: null,
    });
    const jobs = await jobsOfWallet(target.db, from.address);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      kind: 'refund',
      status: 'pending',
      walletAddress: from.address,
      amountLamports: lamports,
      entryTransactionId: entry?.id,
      transactionId: refund?.id,
      queueSessionId: null,
    });

    // The signature is spent: a second try neither queues nor owes the money twice.
    const again = await verifier().verify(request(from.address, signature));
    expect(again).toEqual({ ok: false, message: ENTRY_MESSAGES.alreadyUsed });
    expect(await jobsOfWallet(target.db, from.address)).toHaveLength(1);
  });

  it('a wrong amount verified from two sockets at once is refunded once', async () => {
    const from = await player();
    const signature = await pay(server, { from, to: house, lamports: WAGER - 1n });
    const results = await Promise.all(
      [verifier(), verifier()].map((v) => v.verify(request(from.address, signature))),
    );
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(await jobsOfWallet(target.db, from.address)).toHaveLength(1);
    expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
  });

  it('a transfer to another address is refused and records nothing', async () => {
    const from = await player();
    const elsewhere = (await generateKeyPairSigner()).address;
    const signature = await pay(server, { from, to: elsewhere, lamports: WAGER });
    const result = await verifier().verify(request(from.address, signature));
    expect(result).toEqual({ ok: false, message: ENTRY_MESSAGES.notToHouse });
    expect(await rowsOfWallet(target.db, from.address)).toEqual([]);
  });

  it('a transaction with no SOL transfer (non-System instructions only) is refused', async () => {
    const from = await player();
    const signature = await payNothing(server, from);
    const result = await verifier().verify(request(from.address, signature));
    expect(result).toEqual({ ok: false, message: ENTRY_MESSAGES.notToHouse });
    expect(await rowsOfWallet(target.db, from.address)).toEqual([]);
  });

  it('a failed transaction (fee paid, meta.err set) is refused and records nothing', async () => {
    const from = await airdropTo(server, WAGER / 2n);
    const signature = await pay(server, { from, to: house, lamports: WAGER, skipPreflight: true });
    const { value: balance } = await server.rpc.getBalance(from.address).send();
    expect(balance).toBeLessThan(WAGER / 2n); // the fee was taken: the transaction landed, and failed

    const result = await verifier().verify(request(from.address, signature));
    expect(result.ok).toBe(false);
    expect(result.ok || result.message).toMatch(/^Transaction processed but failed: .*InstructionError/);
    expect(await rowsOfWallet(target.db, from.address)).toEqual([]);
  });

  it('a confirmed payment presented 11 minutes late is not an entry: recorded and refunded in full, once', async () => {
    const from = await player();
    const signature = await pay(server, { from, to: house, lamports: WAGER });
    server.clock.advance(11 * 60_000);

    const result = await verifier().verify(request(from.address, signature));

    expect(result).toEqual({
      ok: false,
      message: ENTRY_MESSAGES.tooOld(WAGER),
      code: 'entry_refunded',
      refundLamports: WAGER,
    });
    expect(result.ok || result.message).toContain('the full 0.025 SOL will be refunded');
    const rows = await rowsOfWallet(target.db, from.address);
    const entry = rows.find((r) => r.type === 'entry_fee');
    expect(entry).toMatchObject({
      amountLamports: WAGER,
      transactionSignature: signature,
      errorCode: 'too_old',
    });
    expect(rows.find((r) => r.type === 'refund')).toMatchObject({
      status: 'pending',
      amountLamports: WAGER,
      refundPercentage: 100,
      originalTransactionId: entry?.id,
    });
    expect(await jobsOfWallet(target.db, from.address)).toMatchObject([
      { kind: 'refund', amountLamports: WAGER, entryTransactionId: entry?.id },
    ]);
    // Presented again: spent, and owed once.
    expect(await verifier().verify(request(from.address, signature))).toEqual({
      ok: false,
      message: ENTRY_MESSAGES.alreadyUsed,
    });
    expect(await jobsOfWallet(target.db, from.address)).toHaveLength(1);
  });

  it("another wallet's old payment is refused and records nothing", async () => {
    const owner = await player();
    const signature = await pay(server, { from: owner, to: house, lamports: WAGER });
    server.clock.advance(11 * 60_000);
    const stranger = (await generateKeyPairSigner()).address;
    expect(await verifier().verify(request(stranger, signature))).toEqual({
      ok: false,
      message: ENTRY_MESSAGES.notFromWallet,
    });
    expect(await ledgerRowsOf(target.db, signature)).toEqual([]);
  });

  it('a payment sent but not yet confirmed is answered "not visible yet" (passing, nothing recorded), then verified when the client submits it again', async () => {
    const from = await player();
    const signature = await pay(server, { from, to: house, lamports: WAGER, confirm: false });
    const { rpc, calls } = countingRpc(server.url);
    const { verifier: v, sleeps } = verifierOn(server, { db: target.db, houseWallet: house, rpc });

    const first = await v.verify(request(from.address, signature));

    expect(first).toEqual({ ok: false, message: ENTRY_MESSAGES.notFoundYet, code: 'payment_not_visible' });
    expect(calls()).toBe(1);
    expect(sleeps).toEqual([]);
    expect(await ledgerRowsOf(target.db, signature)).toEqual([]);

    // The client waits (with backoff) and submits the same signature again; the chain has confirmed it.
    await waitForCommitment(server, signature, 'confirmed');
    const again = await v.verify(request(from.address, signature));
    expect(again.ok).toBe(true);
    expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
  });

  it('a signature the chain has never seen costs one look-up and is answered at once with a passing refusal', async () => {
    const from = await player();
    const unknown = getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)));
    const { rpc, calls } = countingRpc(server.url);
    const { verifier: v, sleeps } = verifierOn(server, { db: target.db, houseWallet: house, rpc });
    const before = server.clock.now();

    const result = await v.verify(request(from.address, unknown));

    expect(result).toEqual({ ok: false, message: ENTRY_MESSAGES.notFoundYet, code: 'payment_not_visible' });
    expect(calls()).toBe(1);
    expect(sleeps).toEqual([]);
    expect(server.clock.now()).toBe(before);
    expect(v.load()).toEqual({ lookups: 0, sharing: 0 });
    expect(await ledgerRowsOf(target.db, unknown)).toEqual([]);
  });

  it('malformed signatures are refused before any RPC call', async () => {
    const { rpc, calls } = countingRpc(server.url);
    const { verifier: v } = verifierOn(server, { db: target.db, houseWallet: house, rpc });
    const wallet = (await generateKeyPairSigner()).address;
    const malformed = [
      'not-a-signature',
      '0'.repeat(88),
      getBase58Decoder().decode(new Uint8Array(63).fill(3)),
      getBase58Decoder().decode(new Uint8Array(65).fill(3)),
      `${getBase58Decoder().decode(new Uint8Array(64).fill(3))}I`,
      'x'.repeat(100_000),
    ];
    for (const signature of malformed) {
      expect(await v.verify(request(wallet, signature))).toEqual({
        ok: false,
        message: ENTRY_MESSAGES.malformedSignature,
      });
    }
    expect(calls()).toBe(0);
  });

  it('a paid mode without a signature, and practice, are refused without an RPC call', async () => {
    const { rpc, calls } = countingRpc(server.url);
    const { verifier: v } = verifierOn(server, { db: target.db, houseWallet: house, rpc });
    const wallet = (await generateKeyPairSigner()).address;
    expect(await v.verify(request(wallet, undefined))).toEqual({
      ok: false,
      message: ENTRY_MESSAGES.paymentRequired,
    });
    const signature = getBase58Decoder().decode(new Uint8Array(64).fill(3));
    expect(await v.verify({ walletAddress: wallet, mode: 'practice', signature })).toEqual({
      ok: false,
      message: ENTRY_MESSAGES.practiceIsFree,
    });
    expect(calls()).toBe(0);
  });
});
