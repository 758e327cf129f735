import {
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  isSolanaError,
  pipe,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
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

const FEE = 5_060n;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the request to be refused');
    },
    (error: unknown) => error,
  );
}

describe('Blockchain: expiry, signatures, failures and duplicates behave as on mainnet', () => {
  let server: LocalChainServer;
  beforeAll(async () => {
    server = await startLocalChainServer();
  });
  afterAll(async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  async function playerAndHouse() {
    const player = await airdropTo(server, SOL);
    const house = (await generateKeyPairSigner()).address;
    return { player, house };
  }

  it('a blockhash older than 150 blocks is refused by preflight with a BlockhashNotFound cause', async () => {
    const { player, house } = await playerAndHouse();
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: player, to: house, lamports: SOL / 10n, lifetime });
    server.clock.advance(61_000);

    const error = await rejection(server.rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true);
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(
      true,
    );
    expect((await server.rpc.getBalance(house).send()).value).toBe(0n);
  });

  it('skipPreflight with an expired blockhash returns the signature of a transaction that never lands', async () => {
    const { player, house } = await playerAndHouse();
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: player, to: house, lamports: SOL / 10n, lifetime });
    server.clock.advance(61_000);

    const signature = await server.rpc
      .sendTransaction(wire, { encoding: 'base64', skipPreflight: true })
      .send();
    server.clock.advance(40 * 400);
    const { value } = await server.rpc
      .getSignatureStatuses([signature], { searchTransactionHistory: true })
      .send();
    expect(value).toEqual([null]);
    expect((await server.rpc.getBalance(player.address).send()).value).toBe(SOL);
  });

  it('isBlockhashValid holds at block height = lastValidBlockHeight and flips one block later; sends follow it', async () => {
    const { player, house } = await playerAndHouse();
    const { value: lifetime } = await server.rpc.getLatestBlockhash({ commitment: 'processed' }).send();
    const height = await server.rpc.getBlockHeight({ commitment: 'processed' }).send();
    expect(lifetime.lastValidBlockHeight).toBe(height + 150n);
    const slot = await server.rpc.getSlot({ commitment: 'processed' }).send();
    expect(slot).not.toBe(height);

    server.clock.advance(Number(lifetime.lastValidBlockHeight - height) * 400);
    expect(await server.rpc.getBlockHeight({ commitment: 'processed' }).send()).toBe(
      lifetime.lastValidBlockHeight,
    );
    const atBoundary = await server.rpc
      .isBlockhashValid(lifetime.blockhash, { commitment: 'processed' })
      .send();
    expect(atBoundary.value).toBe(true);
    const lastChance = await signedTransfer({ from: player, to: house, lamports: SOL / 10n, lifetime });
    await server.rpc.sendTransaction(lastChance.wire, { encoding: 'base64' }).send();

    server.clock.advance(400);
    const after = await server.rpc.isBlockhashValid(lifetime.blockhash, { commitment: 'processed' }).send();
    expect(after.value).toBe(false);
    const tooLate = await signedTransfer({ from: player, to: house, lamports: SOL / 20n, lifetime });
    const error = await rejection(server.rpc.sendTransaction(tooLate.wire, { encoding: 'base64' }).send());
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(
      true,
    );
    expect((await server.rpc.getBalance(house, { commitment: 'processed' }).send()).value).toBe(SOL / 10n);
  });

  it('an unsigned transaction is refused with -32003', async () => {
    const { player, house } = await playerAndHouse();
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(player.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: player, destination: house, amount: 1_000_000n })],
            m,
          ),
      ),
    );
    const wire = getBase64EncodedWireTransaction(unsigned);
    const error = await rejection(server.rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE),
    ).toBe(true);
  });

  it('a wrongly signed transaction is refused with -32003 and, without preflight, never lands', async () => {
    const { player, house } = await playerAndHouse();
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { transaction } = await signedTransfer({ from: player, to: house, lamports: SOL / 10n, lifetime });
    const bytes = new Uint8Array(getTransactionEncoder().encode(transaction));
    bytes[10] = (bytes[10] ?? 0) ^ 0xff; // inside the fee payer's signature
    const wire = getBase64Decoder().decode(bytes) as Base64EncodedWireTransaction;

    const error = await rejection(server.rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE),
    ).toBe(true);
    const signature = await server.rpc
      .sendTransaction(wire, { encoding: 'base64', skipPreflight: true })
      .send();
    server.clock.advance(800);
    expect((await server.rpc.getSignatureStatuses([signature]).send()).value).toEqual([null]);
    expect((await server.rpc.getBalance(player.address).send()).value).toBe(SOL);
  });

  it('overspending is refused by preflight, and with skipPreflight lands failed with the fee charged', async () => {
    const { player, house } = await playerAndHouse();
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: player, to: house, lamports: 2n * SOL, lifetime });

    const error = await rejection(server.rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true);
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true);
    expect(((error as Error).cause as { context: { code: number; index: number } }).context).toMatchObject({
      code: 1,
      index: 1,
    });
    expect((await server.rpc.getBalance(player.address).send()).value).toBe(SOL);

    const signature = await server.rpc
      .sendTransaction(wire, { encoding: 'base64', skipPreflight: true })
      .send();
    await waitForCommitment(server, signature, 'confirmed');
    // Kit upcasts every integer it is not told to keep as a number, error payloads included.
    const failedError = { InstructionError: [1n, { Custom: 1n }] };
    const { value } = await server.rpc.getSignatureStatuses([signature]).send();
    expect(value[0]).toMatchObject({ err: failedError, status: { Err: failedError } });
    const tx = await server.rpc.getTransaction(signature, { encoding: 'json' }).send();
    expect(tx?.meta?.err).toEqual(failedError);
    expect(tx?.meta?.fee).toBe(FEE);
    expect((await server.rpc.getBalance(player.address).send()).value).toBe(SOL - FEE);
    expect((await server.rpc.getBalance(house).send()).value).toBe(0n);
  });

  it('the same signed transaction sent twice is applied once', async () => {
    const { player, house } = await playerAndHouse();
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: player, to: house, lamports: SOL / 10n, lifetime });
    const first = await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();

    const error = await rejection(server.rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(
      true,
    );
    const again = await server.rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send();
    expect(again).toBe(first);
    await waitForCommitment(server, first, 'confirmed');
    expect((await server.rpc.getBalance(house).send()).value).toBe(SOL / 10n);
    expect(await server.rpc.getSignaturesForAddress(house).send()).toHaveLength(1);
  });

  it('a fee payer that does not exist fails preflight with AccountNotFound and never lands without it', async () => {
    const ghost = await generateKeyPairSigner();
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: ghost, to: ghost.address, lamports: 1n, lifetime });
    const error = await rejection(server.rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND)).toBe(
      true,
    );
    const signature = await server.rpc
      .sendTransaction(wire, { encoding: 'base64', skipPreflight: true })
      .send();
    server.clock.advance(800);
    const { value } = await server.rpc
      .getSignatureStatuses([signature], { searchTransactionHistory: true })
      .send();
    expect(value).toEqual([null]);
  });
});
