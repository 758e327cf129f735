import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  pipe,
  type Signature,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../src/common/clock.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';

/**
 * Foundation acceptance: the local chain driven only through @solana/kit's own RPC client, at the URL the
 * product hands browsers (/api/quicknode-url). Chain time is a fake clock, so 150 blocks pass instantly.
 */
describe('the local chain through the product’s own RPC endpoint', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;
  let payer: TransactionSigner;
  const receiver = address('11111111111111111111111111111112');

  const waitFor = async (signature: Signature, level: 'confirmed' | 'finalized') => {
    for (let i = 0; i < 100; i++) {
      const { value } = await rpc
        .getSignatureStatuses([signature], { searchTransactionHistory: true })
        .send();
      const status = value[0];
      if (status?.confirmationStatus === level || status?.confirmationStatus === 'finalized') return status;
      clock.advance(400);
    }
    throw new Error(`${signature} never reached ${level}`);
  };

  const transfer = async (
    amount: bigint,
    blockhash?: { blockhash: string; lastValidBlockHeight: bigint },
  ) => {
    const lifetime = blockhash ?? (await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime as never, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getSetComputeUnitPriceInstruction({ microLamports: 10_000 }),
            getTransferSolInstruction({ source: payer, destination: receiver, amount }),
          ],
          m,
        ),
    );
    return signTransactionMessageWithSigners(message);
  };

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const { url } = (await (await fetch(`${server.url}/api/quicknode-url`)).json()) as { url: string };
    rpc = createSolanaRpc(devnet(url));
    payer = await generateKeyPairSigner();
  });
  afterAll(() => server?.stop());

  it('the URL handed to browsers is this server’s /rpc', async () => {
    const { url } = (await (await fetch(`${server.url}/api/quicknode-url`)).json()) as { url: string };
    expect(url).toBe(`${server.url.replace('localhost', '127.0.0.1')}/rpc`);
  });

  it('airdrop, then a signed transfer confirmed, read back, and found by address', async () => {
    const airdrop = await rpc.requestAirdrop(payer.address, lamports(2_000_000_000n)).send();
    await waitFor(airdrop, 'confirmed');
    expect((await rpc.getBalance(payer.address, { commitment: 'confirmed' }).send()).value).toBe(
      2_000_000_000n,
    );

    const receiverBefore = (await rpc.getBalance(receiver).send()).value;
    const tx = await transfer(1_000_000n);
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' })
      .send();
    expect(signature).toBe(getSignatureFromTransaction(tx));
    const status = await waitFor(signature, 'confirmed');
    expect(status.err).toBeNull();

    const read = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(read?.meta?.err).toBeNull();
    const keys = read!.transaction.message.accountKeys;
    const payerIndex = keys.indexOf(payer.address);
    const receiverIndex = keys.indexOf(receiver);
    const fee = read!.meta!.fee;
    expect(read!.meta!.preBalances[payerIndex]! - read!.meta!.postBalances[payerIndex]!).toBe(
      1_000_000n + fee,
    );
    expect(read!.meta!.postBalances[receiverIndex]! - read!.meta!.preBalances[receiverIndex]!).toBe(
      1_000_000n,
    );
    const blockTime = Number(read!.blockTime);
    expect(Math.abs(blockTime - clock.now() / 1000)).toBeLessThan(60);
    expect(read!.slot).toBeGreaterThan(0n);
    expect((await rpc.getBalance(receiver, { commitment: 'confirmed' }).send()).value).toBe(
      receiverBefore + 1_000_000n,
    );

    const history = await rpc.getSignaturesForAddress(payer.address, { commitment: 'confirmed' }).send();
    expect(history.map((h) => h.signature)).toEqual([signature, airdrop]);
  });

  it('a transaction whose blockhash expired is refused with the mainnet error', async () => {
    const old = (await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
    clock.advance(151 * 400 + 1_000);
    const tx = await transfer(1_000_000n, old);
    const error = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' })
      .send()
      .catch((e: unknown) => e);
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true);
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(
      true,
    );
    expect((await rpc.isBlockhashValid(old.blockhash, { commitment: 'confirmed' }).send()).value).toBe(false);
  });

  it('an unsigned or wrongly signed transaction is refused', async () => {
    const tx = await transfer(1_000_000n);
    const [first] = Object.keys(tx.signatures);
    const unsigned = { ...tx, signatures: { ...tx.signatures, [first!]: null } };
    const forged = { ...tx, signatures: { ...tx.signatures, [first!]: new Uint8Array(64).fill(7) } };
    for (const bad of [unsigned, forged]) {
      const error = await rpc
        .sendTransaction(getBase64EncodedWireTransaction(bad as never), { encoding: 'base64' })
        .send()
        .catch((e: unknown) => e);
      expect(
        isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE),
      ).toBe(true);
    }
  });
});
