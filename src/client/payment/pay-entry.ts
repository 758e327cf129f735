import {
  type Address,
  address,
  type GetLatestBlockhashApi,
  type Rpc,
  type SendTransactionApi,
} from '@solana/kit';
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import { buildEntryTransfer } from '../../common/entry-transfer.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import type { PaymentResult, PaymentStatus } from '../wallet/wallet-api.ts';
import { cleanPaymentSignature } from './clean-signature.ts';
import { type ConfirmPaymentDeps, type ConfirmRpc, confirmPayment } from './confirm-payment.ts';
import {
  classifyPaymentError,
  FAILED_TO_CREATE_TRANSACTION,
  PaymentError,
  WALLET_NOT_CONNECTED,
} from './payment-errors.ts';
import { sendWithWallet } from './send-with-wallet.ts';

export type PaymentRpc = ConfirmRpc & Rpc<GetLatestBlockhashApi & SendTransactionApi>;

export interface PayEntryDeps extends Omit<ConfirmPaymentDeps, 'rpc'> {
  rpc: PaymentRpc;
  /** The connected wallet and account; null when none is connected. */
  wallet: Wallet | null;
  account: WalletAccount | null;
  /** The Wallet Standard chain of the cluster the server runs ('solana:localnet', 'solana:devnet', ...). */
  chain: IdentifierString;
  houseWallet: string;
}

async function createEntryTransfer(deps: PayEntryDeps, payer: Address, wagerLamports: bigint) {
  const { value: latestBlockhash } = await deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  try {
    return {
      bytes: buildEntryTransfer({
        payer,
        houseWallet: address(deps.houseWallet),
        wagerLamports,
        latestBlockhash,
      }),
      lastValidBlockHeight: latestBlockhash.lastValidBlockHeight,
    };
  } catch (error) {
    throw new PaymentError(FAILED_TO_CREATE_TRANSACTION, 'generic', { cause: error });
  }
}

/**
 * SPEC §7 entry payment and §4 payment status (idle -> creating -> signing -> processing -> confirmed or
 * failed). Practice costs nothing and succeeds at once. The signature in a successful result is already
 * cleaned as SPEC §5 says (absent if nothing usable was left: the caller then sends findMatch without it).
 */
export async function payEntry(
  modeId: GameModeId,
  onStatus: (status: PaymentStatus) => void,
  deps: PayEntryDeps,
): Promise<PaymentResult> {
  const mode = getGameMode(modeId);
  const result = { amount: mode.wagerAmount, gameMode: modeId };
  if (mode.wagerLamports === 0n) return { success: true, ...result };
  try {
    const { wallet, account } = deps;
    if (!wallet || !account) throw new PaymentError(WALLET_NOT_CONNECTED, 'generic');
    onStatus('creating');
    const transfer = await createEntryTransfer(deps, address(account.address), mode.wagerLamports);
    onStatus('signing');
    const signature = await sendWithWallet({
      wallet,
      account,
      chain: deps.chain,
      transaction: transfer.bytes,
      rpc: deps.rpc,
    });
    onStatus('processing');
    await confirmPayment({ signature, lastValidBlockHeight: transfer.lastValidBlockHeight }, deps);
    onStatus('confirmed');
    const cleaned = cleanPaymentSignature(signature);
    if (!cleaned) console.warn('Payment confirmed but its signature is unusable for findMatch', signature);
    return cleaned ? { success: true, signature: cleaned, ...result } : { success: true, ...result };
  } catch (error) {
    onStatus('failed');
    return { success: false, ...result, ...classifyPaymentError(error) };
  }
}
