import type { KeyPairSigner } from '@solana/kit';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import type { WalletAnalytics } from '../../game/analytics-port.ts';
import type { Logger } from '../../logger.ts';
import type { BackoffPolicy, ConfirmedPayout, HeldPayout, SignedJob } from './payout-job.ts';
import type { PayoutRpc } from './payout-rpc.ts';

/** Seams for the crash tests (RELIABILITY 10, 11): a child process kills itself at these points. */
export interface PayoutWorkerHooks {
  /** The signed transfer is stored; nothing has been sent yet. */
  afterStore?(job: SignedJob): void | Promise<void>;
  /** The RPC accepted the transfer; its result is not recorded yet. */
  afterSend?(job: SignedJob): void | Promise<void>;
}

export interface PayoutStepDeps {
  db: Database;
  /** Told inside the transaction that confirms a payout or refund (the back-office's wallet analytics). */
  analytics: WalletAnalytics;
  rpc: PayoutRpc;
  houseWallet: KeyPairSigner;
  clock: Clock;
  rpcTimeoutMs: number;
  /** How soon a sent transfer is looked up (and, while its blockhash is valid, re-sent). */
  pollMs: number;
  backoff: BackoffPolicy;
  /** Refusals by the chain (not for funds) after which a job fails with a critical event. */
  maxRefusals: number;
  hooks: PayoutWorkerHooks;
  log: Logger;
  onConfirmed?: (payout: ConfirmedPayout) => void | Promise<void>;
  /** Told once a newly signed transfer has been sent (before it is confirmed). */
  onSent?: (payout: ConfirmedPayout) => void | Promise<void>;
  /** Told once a winner payout is held for review because its wallet is banned (payout-hold.ts). */
  onHeld?: (payout: HeldPayout) => void | Promise<void>;
  /** The house wallet must stay rent-exempt after paying; read once per worker. */
  rentExemptMinimum(): Promise<bigint>;
}

export const now = (deps: PayoutStepDeps) => new Date(deps.clock.now());
export const after = (deps: PayoutStepDeps, ms: number) => new Date(deps.clock.now() + ms);
