import {
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  isSolanaError,
  type Lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  signedTransfer,
  startLocalChainServer,
  waitForCommitment,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const EXPECTED_FEE = 5_060n; // 5,000 per signature + ceil(10,000 µlamports × 6,000 units / 1e6)

describe('Blockchain: entry payments through Kit against the local chain', () => {
  let server: LocalChainServer;
  beforeAll(async () => {
    server = await startLocalChainServer();
  });
  afterAll(async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  async function payHouse(version: 'legacy' | 0, lamports = SOL / 10n) {
    const player = await airdropTo(server, 2n * SOL);
    const house = (await generateKeyPairSigner()).address;
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { transaction, wire } = await signedTransfer({
      from: player,
      to: house,
      lamports,
      lifetime,
      version,
    });
    const signature = await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    expect(signature).toBe(getSignatureFromTransaction(transaction));
    return { player, house, signature, lamports };
  }

  it('airdrop is a real faucet transfer: it has a signature, a transaction and an address history', async () => {
    const recipient = await generateKeyPairSigner();
    const signature = await server.rpc.requestAirdrop(recipient.address, (3n * SOL) as Lamports).send();
    await waitForCommitment(server, signature, 'confirmed');

    const { value: balance } = await server.rpc.getBalance(recipient.address).send();
    expect(balance).toBe(3n * SOL);
    const tx = await server.rpc.getTransaction(signature, { encoding: 'jsonParsed' }).send();
    expect(tx?.meta?.err).toBeNull();
    const transfer = tx?.transaction.message.instructions.find((ix) => 'parsed' in ix);
    expect(transfer).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: { source: server.chain.faucetAddress, destination: recipient.address },
      },
    });
    const history = await server.rpc.getSignaturesForAddress(recipient.address).send();
    expect(history.map((entry) => entry.signature)).toEqual([signature]);
  });

  it('a transfer is processed in its slot and confirmed once a later slot exists', async () => {
    const { signature } = await payHouse('legacy');
    const first = await server.rpc.getSignatureStatuses([signature]).send();
    expect(first.value[0]).toMatchObject({ confirmationStatus: 'processed', confirmations: 0n, err: null });
    // getTransaction answers only from `confirmed` on, like mainnet.
    expect(await server.rpc.getTransaction(signature, { encoding: 'json' }).send()).toBeNull();

    server.clock.advance(400);
    const later = await server.rpc.getSignatureStatuses([signature]).send();
    expect(later.value[0]).toMatchObject({
      confirmationStatus: 'confirmed',
      confirmations: 1n,
      status: { Ok: null },
    });

    server.clock.advance(32 * 400);
    const final = await server.rpc.getSignatureStatuses([signature]).send();
    expect(final.value[0]).toMatchObject({ confirmationStatus: 'finalized', confirmations: null });
  });

  it('getTransaction (json, legacy) shows the balances moved, the fee, no error, blockTime and slot', async () => {
    const { player, house, signature, lamports } = await payHouse('legacy');
    // blockTime is the time it landed; the fake clock (which starts mid-second) moves on while it confirms.
    const landedAt = server.clock.now();
    await waitForCommitment(server, signature, 'confirmed');
    const tx = await server.rpc.getTransaction(signature, { encoding: 'json' }).send();
    if (!tx?.meta) throw new Error('transaction not found');

    const keys = tx.transaction.message.accountKeys;
    expect(keys.slice(0, 2)).toEqual([player.address, house]);
    expect(tx.meta.err).toBeNull();
    expect(tx.meta.status).toEqual({ Ok: null });
    expect(tx.meta.fee).toBe(EXPECTED_FEE);
    expect(tx.meta.preBalances[0]! - tx.meta.postBalances[0]!).toBe(lamports + EXPECTED_FEE);
    expect(tx.meta.postBalances[1]! - tx.meta.preBalances[1]!).toBe(lamports);
    expect(tx.meta.logMessages).toContain(`Program ${SYSTEM_PROGRAM} success`);
    expect(tx.meta.computeUnitsConsumed).toBe(300n);
    expect(tx.meta.innerInstructions).toEqual([]);
    expect(tx.meta.rewards).toEqual([]);
    expect(tx.blockTime).toBe(BigInt(Math.floor(landedAt / 1000)));
    const status = await server.rpc.getSignatureStatuses([signature]).send();
    expect(tx.slot).toBe(status.value[0]?.slot);
    expect(tx.transaction.message.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 2,
    });
    expect('version' in tx).toBe(false);

    const { value: houseBalance } = await server.rpc.getBalance(house).send();
    expect(houseBalance).toBe(lamports);
  });

  it('getTransaction (jsonParsed, v0) lists account roles and parses the System transfer as mainnet does', async () => {
    const { player, house, signature, lamports } = await payHouse(0);
    await waitForCommitment(server, signature, 'confirmed');
    const tx = await server.rpc
      .getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send();
    if (!tx?.meta) throw new Error('transaction not found');

    expect(tx.version).toBe(0);
    // Kit orders the read-only keys itself; only the roles matter here.
    expect(tx.transaction.message.accountKeys).toHaveLength(4);
    expect(tx.transaction.message.accountKeys).toEqual(
      expect.arrayContaining([
        { pubkey: player.address, signer: true, writable: true, source: 'transaction' },
        { pubkey: house, signer: false, writable: true, source: 'transaction' },
        { pubkey: COMPUTE_BUDGET_PROGRAM, signer: false, writable: false, source: 'transaction' },
        { pubkey: SYSTEM_PROGRAM, signer: false, writable: false, source: 'transaction' },
      ]),
    );
    const [budget, transfer] = tx.transaction.message.instructions;
    expect(budget).toMatchObject({ programId: COMPUTE_BUDGET_PROGRAM, accounts: [], stackHeight: null });
    expect(transfer).toEqual({
      program: 'system',
      programId: SYSTEM_PROGRAM,
      parsed: { type: 'transfer', info: { source: player.address, destination: house, lamports } },
      stackHeight: null,
    });
    expect(tx.meta.fee).toBe(EXPECTED_FEE);
    expect((tx.transaction.message as { addressTableLookups?: unknown }).addressTableLookups).toEqual([]);
  });

  it('getTransaction (json and base64, v0) carries version 0 and empty loadedAddresses', async () => {
    const { signature } = await payHouse(0);
    await waitForCommitment(server, signature, 'confirmed');
    const json = await server.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(json?.version).toBe(0);
    expect(json?.meta?.loadedAddresses).toEqual({ writable: [], readonly: [] });
    const base64 = await server.rpc
      .getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })
      .send();
    expect(base64?.transaction[1]).toBe('base64');
    expect(base64?.meta?.fee).toBe(EXPECTED_FEE);
  });

  it('a v0 transaction asked for without maxSupportedTransactionVersion is refused with -32015', async () => {
    const { signature } = await payHouse(0);
    await waitForCommitment(server, signature, 'confirmed');
    const error = await server.rpc
      .getTransaction(signature, { encoding: 'json' })
      .send()
      .catch((e: unknown) => e);
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION)).toBe(
      true,
    );
  });

  it('getSignaturesForAddress finds the payment newest first and pages with before and until', async () => {
    const { house, signature: first } = await payHouse('legacy');
    const player2 = await airdropTo(server, SOL);
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: player2, to: house, lamports: SOL / 100n, lifetime });
    const second = await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await waitForCommitment(server, second, 'confirmed');

    const all = await server.rpc.getSignaturesForAddress(house).send();
    expect(all.map((entry) => entry.signature)).toEqual([second, first]);
    expect(all[0]).toMatchObject({ err: null, memo: null, confirmationStatus: 'confirmed' });
    expect(typeof all[0]?.blockTime).toBe('bigint');
    const limited = await server.rpc.getSignaturesForAddress(house, { limit: 1 }).send();
    expect(limited.map((entry) => entry.signature)).toEqual([second]);
    const older = await server.rpc.getSignaturesForAddress(house, { before: second }).send();
    expect(older.map((entry) => entry.signature)).toEqual([first]);
    const newer = await server.rpc.getSignaturesForAddress(house, { until: first }).send();
    expect(newer.map((entry) => entry.signature)).toEqual([second]);
  });

  it('getFeeForMessage quotes exactly the fee the runtime then charges', async () => {
    const player = await airdropTo(server, SOL);
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { transaction, wire } = await signedTransfer({
      from: player,
      to: player.address,
      lamports: 1n,
      lifetime,
    });
    const message = getBase64Decoder().decode(transaction.messageBytes);
    const { value: quote } = await server.rpc.getFeeForMessage(message as never).send();
    expect(quote).toBe(EXPECTED_FEE);
    const signature = await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await waitForCommitment(server, signature, 'confirmed');
    const tx = await server.rpc.getTransaction(signature, { encoding: 'json' }).send();
    expect(tx?.meta?.fee).toBe(quote);
  });

  it('getAccountInfo answers base64, base58 and dataSlice, and null for a missing account', async () => {
    const player = await airdropTo(server, SOL);
    const info = await server.rpc.getAccountInfo(player.address, { encoding: 'base64' }).send();
    expect(info.value).toMatchObject({ lamports: SOL, owner: SYSTEM_PROGRAM, executable: false, space: 0n });
    expect(info.value?.data).toEqual(['', 'base64']);
    const base58 = await server.rpc.getAccountInfo(player.address, { encoding: 'base58' }).send();
    expect(base58.value?.data).toEqual(['', 'base58']);
    const sliced = await server.rpc
      .getAccountInfo(player.address, { encoding: 'base64', dataSlice: { offset: 0, length: 0 } })
      .send();
    expect(sliced.value?.lamports).toBe(SOL);
    const missing = (await generateKeyPairSigner()).address;
    expect((await server.rpc.getAccountInfo(missing, { encoding: 'base64' }).send()).value).toBeNull();
    const many = await server.rpc
      .getMultipleAccounts([player.address, missing], { encoding: 'base64' })
      .send();
    expect(many.value.map((account) => account?.lamports ?? null)).toEqual([SOL, null]);
  });

  it('simulateTransaction reports logs and units without moving money; replaceRecentBlockhash hands a fresh one', async () => {
    const player = await airdropTo(server, SOL);
    const house = (await generateKeyPairSigner()).address;
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: player, to: house, lamports: SOL / 2n, lifetime });
    const { value } = await server.rpc
      .simulateTransaction(wire, { encoding: 'base64', sigVerify: true })
      .send();
    expect(value.err).toBeNull();
    expect(value.logs).toContain(`Program ${SYSTEM_PROGRAM} success`);
    expect(value.unitsConsumed).toBe(300n);
    expect(value.accounts).toBeNull();
    expect((await server.rpc.getBalance(house).send()).value).toBe(0n);

    const replaced = await server.rpc
      .simulateTransaction(wire, { encoding: 'base64', replaceRecentBlockhash: true })
      .send();
    expect(replaced.value.replacementBlockhash?.blockhash).toBeTypeOf('string');
  });

  it('the calls wallets make on connect answer in the shapes Kit expects', async () => {
    expect(await server.rpc.getHealth().send()).toBe('ok');
    expect((await server.rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+/);
    expect(await server.rpc.getGenesisHash().send()).toBe(server.chain.genesisHash);
    const epoch = await server.rpc.getEpochInfo({ commitment: 'processed' }).send();
    expect(epoch.absoluteSlot).toBe(await server.rpc.getSlot({ commitment: 'processed' }).send());
    expect(epoch.blockHeight).toBe(await server.rpc.getBlockHeight({ commitment: 'processed' }).send());
    expect(epoch.slotIndex).toBe(epoch.absoluteSlot % epoch.slotsInEpoch);
    expect(await server.rpc.getRecentPrioritizationFees().send()).toEqual([]);
    expect(await server.rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    // Commitments are ordered views of one chain: finalized lags confirmed, which lags processed.
    const processed = await server.rpc.getSlot({ commitment: 'processed' }).send();
    expect(await server.rpc.getSlot({ commitment: 'confirmed' }).send()).toBe(processed - 1n);
    expect(await server.rpc.getSlot({ commitment: 'finalized' }).send()).toBe(processed - 32n);
  });

  it('an unsigned message compiled by Kit can be simulated without sigVerify (compute estimation path)', async () => {
    const player = await airdropTo(server, SOL);
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(player.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: player, destination: player.address, amount: 1n })],
          m,
        ),
    );
    const compiled = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message));
    const wire = new Uint8Array([1, ...new Uint8Array(64), ...compiled]);
    const { value } = await server.rpc
      .simulateTransaction(getBase64Decoder().decode(wire) as never, { encoding: 'base64' })
      .send();
    expect(value.err).toBeNull();
    expect(value.unitsConsumed).toBe(150n);
  });
});
