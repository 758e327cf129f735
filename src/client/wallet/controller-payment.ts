import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { payEntry } from '../payment/pay-entry.ts';
import { FAILED_TO_CREATE_TRANSACTION } from '../payment/payment-errors.ts';
import type { PaymentResult, PaymentStatus } from './wallet-api.ts';
import type { WalletChain } from './wallet-chain.ts';
import type { WalletConfig } from './wallet-config.ts';
import { chainOf } from './wallet-discovery.ts';

export interface ControllerPaymentInput {
  mode: GameModeId;
  onStatus: (status: PaymentStatus) => void;
  config: WalletConfig | null;
  chain: WalletChain | null;
  wallet: Wallet | null;
  account: WalletAccount | null;
}

/** The wallet's payEntry: without the house wallet or the RPC no transfer can be built, and nothing is signed. */
export async function payWithConnectedWallet(input: ControllerPaymentInput): Promise<PaymentResult> {
  const { mode, onStatus, config, chain, wallet, account } = input;
  const { wagerAmount } = getGameMode(mode);
  if (wallet && account && wagerAmount > 0 && (!config || !chain)) {
    onStatus('failed');
    return {
      success: false,
      amount: wagerAmount,
      gameMode: mode,
      error: FAILED_TO_CREATE_TRANSACTION,
      errorType: 'network',
    };
  }
  return payEntry(mode, onStatus, {
    rpc: chain?.rpc as never,
    rpcSubscriptions: chain?.rpcSubscriptions ?? null,
    wallet,
    account,
    chain: chainOf(config?.cluster ?? 'localnet'),
    houseWallet: config?.houseWallet ?? '',
  });
}
