import {
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  type Rpc,
  type SendTransactionApi,
  type Signature,
} from '@solana/kit';
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import { classifyPaymentError, NO_SIGNING_METHOD, PaymentError } from './payment-errors.ts';

export interface SendWithWalletInput {
  wallet: Wallet;
  account: WalletAccount;
  chain: IdentifierString;
  /** Wire bytes with the payer's signature slot empty. */
  transaction: Uint8Array;
  rpc: Rpc<SendTransactionApi>;
}

type Method = 'signAndSend' | 'signThenSend';

function methodsOf(wallet: Wallet, account: WalletAccount): Method[] {
  const has = (feature: string) => feature in wallet.features && account.features.includes(feature as never);
  const methods: Method[] = [];
  if (has(SolanaSignAndSendTransaction)) methods.push('signAndSend');
  if (has(SolanaSignTransaction)) methods.push('signThenSend');
  // Solflare's own send has been the less reliable path (SPEC §7: "a path specific to the second wallet
  // app"): it signs, and the payment sends through our RPC, so confirmation watches the same node.
  if (/solflare/i.test(wallet.name)) methods.reverse();
  return methods;
}

async function signAndSend(input: SendWithWalletInput): Promise<Signature> {
  const feature = (input.wallet.features as SolanaSignAndSendTransactionFeature)[
    SolanaSignAndSendTransaction
  ];
  const [output] = await feature.signAndSendTransaction({
    account: input.account,
    chain: input.chain,
    transaction: input.transaction,
    options: { commitment: 'confirmed', preflightCommitment: 'confirmed' },
  });
  if (!output?.signature) throw new Error('The wallet returned no signature');
  return getBase58Decoder().decode(output.signature) as Signature;
}

async function signThenSend(input: SendWithWalletInput): Promise<Signature> {
  const feature = (input.wallet.features as SolanaSignTransactionFeature)[SolanaSignTransaction];
  const [output] = await feature.signTransaction({
    account: input.account,
    chain: input.chain,
    transaction: input.transaction,
    options: { preflightCommitment: 'confirmed' },
  });
  if (!output?.signedTransaction) throw new Error('The wallet returned no signed transaction');
  const signed = getTransactionDecoder().decode(output.signedTransaction);
  return input.rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), {
      encoding: 'base64',
      preflightCommitment: 'confirmed',
    })
    .send();
}

/**
 * SPEC §7: the wallet signs and sends (solana:signAndSendTransaction), else it signs and the page sends
 * (solana:signTransaction). A method that fails for its own reasons (not the player's refusal, not the
 * chain's answer) falls through to the other one.
 */
export async function sendWithWallet(input: SendWithWalletInput): Promise<Signature> {
  const methods = methodsOf(input.wallet, input.account);
  if (methods.length === 0) throw new PaymentError(NO_SIGNING_METHOD, 'generic');
  let lastError: unknown;
  for (const method of methods) {
    try {
      return await (method === 'signAndSend' ? signAndSend(input) : signThenSend(input));
    } catch (error) {
      lastError = error;
      if (classifyPaymentError(error).errorType !== 'generic') throw error;
    }
  }
  throw lastError;
}
