import type { Signature } from '@solana/kit';
import type { Clock } from '../../../common/clock.ts';
import { type GameMode, type GameModeId, getGameMode } from '../../../common/game-modes.ts';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  type PassingRefusalCode,
  REFUND_REFUSAL_CODES,
} from '../../../common/protocol.ts';
import type { Database } from '../../db/database.ts';
import type { WalletAnalytics } from '../../game/analytics-port.ts';
import type { EntryRefusal, EntryVerifier } from '../../game/game-ports.ts';
import type { Logger } from '../../logger.ts';
import { ENTRY_MESSAGES } from './entry-messages.ts';
import {
  isSignatureRecorded,
  recordEntryFee,
  recordUnusablePayment,
  TOO_OLD_ERROR_CODE,
  type UnusableReason,
  type VerifiedPayment,
  WRONG_AMOUNT_ERROR_CODE,
} from './entry-record.ts';
import {
  DEFAULT_LOOKUP_POLICY,
  type LookupPolicy,
  type LookupRpc,
  lookUpTransaction,
  type Sleep,
  timerSleep,
} from './verify-lookup.ts';
import { checkPayment, type PaymentCheck } from './verify-payment.ts';
import { isWellFormedSignature } from './verify-signature.ts';
import {
  createVerificationSlots,
  DEFAULT_VERIFICATION_LIMITS,
  shareLookups,
  type VerificationLimits,
} from './verify-slots.ts';

/** RELIABILITY 6: an entry payment older than this is not used (a real one is refunded in full). */
export const ENTRY_RECENCY_WINDOW_MS = 10 * 60_000;

export interface EntryVerifierDeps {
  db: Database;
  /** Told inside the transaction that records a payment (the back-office's wallet analytics). */
  analytics: WalletAnalytics;
  /** Only the one RPC method the verifier calls. */
  rpc: LookupRpc;
  clock: Clock;
  houseWallet: string;
  /** Backoff waits; tests pass one that advances a fake clock. */
  sleep?: Sleep;
  log?: Logger;
  lookup?: Partial<LookupPolicy>;
  recencyWindowMs?: number;
  /** Verifications in flight at once, per wallet, per address and overall (RELIABILITY 29). */
  inFlight?: Partial<VerificationLimits>;
}

type Verdict = Awaited<ReturnType<EntryVerifier['verify']>>;

/** A final refusal that records nothing: this signature will never be an entry here. */
function refuse(message: string): Verdict {
  return { ok: false, message };
}

/** Nothing recorded, nothing used: the same signature may be submitted again (the client does, with backoff). */
function notYet(message: string, code: PassingRefusalCode): EntryRefusal {
  return { ok: false, message, code };
}

/** The refusals that record nothing, so the signature stays usable by whoever may use it. */
function refusalOf(check: Exclude<PaymentCheck, { kind: 'exact' | 'wrong_amount' | 'too_old' }>): Verdict {
  switch (check.kind) {
    case 'not_transaction_id':
      return refuse(ENTRY_MESSAGES.notTransactionId);
    case 'no_meta':
      return refuse(ENTRY_MESSAGES.noMeta);
    case 'failed':
      return refuse(ENTRY_MESSAGES.failed(check.err));
    case 'not_to_house':
      return refuse(ENTRY_MESSAGES.notToHouse);
    case 'not_from_wallet':
      return refuse(ENTRY_MESSAGES.notFromWallet);
    case 'nothing_paid':
      return refuse(ENTRY_MESSAGES.nothingPaid);
    case 'no_block_time':
      return notYet(ENTRY_MESSAGES.noBlockTime, ERROR_CODES.paymentNotVisible);
    default: {
      const unreachable: never = check;
      throw new Error(`unhandled payment check ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * The entry-fee verifier (every entry fee is verified on chain before a queue entry exists): every entry fee is verified on chain and
 * recorded under its unique signature before the game server may queue anyone. A real payment from the
 * player's own wallet that cannot be used (a wrong amount, older than the recency window) is recorded and
 * owed back in full; every other refusal records nothing, and is passing (the same signature may come again:
 * busy, not visible yet, RPC or database away) or final.
 */
export interface LoadedEntryVerifier extends EntryVerifier {
  /** Look-ups on chain in flight (each holding a slot), and verifications waiting on one of them. */
  load(): { lookups: number; sharing: number };
}

export function createEntryVerifier(deps: EntryVerifierDeps): LoadedEntryVerifier {
  const log = deps.log ?? (() => {});
  const lookupDeps = {
    rpc: deps.rpc,
    clock: deps.clock,
    sleep: deps.sleep ?? timerSleep,
    policy: { ...DEFAULT_LOOKUP_POLICY, ...deps.lookup },
    log,
  };
  const recencyWindowMs = deps.recencyWindowMs ?? ENTRY_RECENCY_WINDOW_MS;
  const slots = createVerificationSlots({ ...DEFAULT_VERIFICATION_LIMITS, ...deps.inFlight });
  const lookups = shareLookups((signature) => lookUpTransaction(lookupDeps, signature as Signature));
  let sharing = 0;

  /** The chain's answer for the signature: its look-up in flight if there is one, else a new one in a slot. */
  async function lookUpWithin(request: { walletAddress: string; ip?: string | null }, signature: string) {
    const running = lookups.running(signature);
    if (running) {
      sharing++;
      try {
        return { found: await running };
      } finally {
        sharing--;
      }
    }
    const release = slots.take(request.walletAddress, request.ip ?? null);
    if (!release) return { busy: true as const };
    try {
      return { found: await lookups.start(signature) };
    } finally {
      release();
    }
  }

  async function record(
    kind: 'exact' | 'wrong_amount' | 'too_old',
    payment: VerifiedPayment,
    mode: GameMode,
  ): Promise<Verdict> {
    try {
      if (kind === 'exact') {
        const recorded = await recordEntryFee(deps.db, deps.analytics, payment);
        if (!recorded) return refuse(ENTRY_MESSAGES.alreadyUsed);
        return {
          ok: true,
          paid: {
            transactionId: recorded.transactionId,
            signature: payment.signature,
            lamports: payment.lamports,
          },
        };
      }
      const [message, reason]: [string, UnusableReason] =
        kind === 'too_old'
          ? [ENTRY_MESSAGES.tooOld(payment.lamports), TOO_OLD_ERROR_CODE]
          : [
              ENTRY_MESSAGES.wrongAmount(payment.lamports, mode.name, mode.wagerLamports),
              WRONG_AMOUNT_ERROR_CODE,
            ];
      const recorded = await recordUnusablePayment(deps.db, deps.analytics, payment, message, reason);
      if (!recorded) return refuse(ENTRY_MESSAGES.alreadyUsed);
      return { ok: false, message, code: REFUND_REFUSAL_CODES.refunded, refundLamports: payment.lamports };
    } catch (error) {
      log(`recording entry payment ${payment.signature} failed`, error);
      return notYet(ENTRY_MESSAGES.notRecorded, ERROR_CODES.paymentNotRecorded);
    }
  }

  async function verify(request: {
    walletAddress: string;
    mode: GameModeId;
    signature: string | undefined;
    ip?: string | null;
  }): Promise<Verdict> {
    const mode = getGameMode(request.mode);
    if (mode.wagerLamports === 0n) return refuse(ENTRY_MESSAGES.practiceIsFree);
    const { signature } = request;
    if (signature === undefined || signature === '') return refuse(ENTRY_MESSAGES.paymentRequired);
    if (!isWellFormedSignature(signature)) return refuse(ENTRY_MESSAGES.malformedSignature);

    try {
      // Cheap and final: a spent signature needs no 30 s look-up.
      if (await isSignatureRecorded(deps.db, signature)) return refuse(ENTRY_MESSAGES.alreadyUsed);
    } catch (error) {
      log(`checking entry payment ${signature} failed`, error);
      return notYet(ENTRY_MESSAGES.notRecorded, ERROR_CODES.paymentNotRecorded);
    }

    const looked = await lookUpWithin(request, signature);
    if ('busy' in looked) return notYet(ERROR_MESSAGES.verificationsBusy, ERROR_CODES.verificationBusy);
    const { found } = looked;
    // RELIABILITY 7: not refused as invalid, not accepted: the client submits it again with backoff.
    if (found.kind === 'not_found') return notYet(ENTRY_MESSAGES.notFoundYet, ERROR_CODES.paymentNotVisible);
    if (found.kind === 'unavailable')
      return notYet(ENTRY_MESSAGES.unavailable, ERROR_CODES.paymentRpcUnavailable);

    const nowMs = deps.clock.now();
    const check = checkPayment(found.transaction, {
      signature,
      walletAddress: request.walletAddress,
      houseWallet: deps.houseWallet,
      wagerLamports: mode.wagerLamports,
      nowMs,
      recencyWindowMs,
    });
    if (check.kind !== 'exact' && check.kind !== 'wrong_amount' && check.kind !== 'too_old') {
      return refusalOf(check);
    }
    const payment: VerifiedPayment = {
      walletAddress: request.walletAddress,
      gameMode: mode.id,
      signature,
      lamports: check.lamports,
      evidence: check.evidence,
      at: new Date(nowMs),
    };
    return record(check.kind, payment, mode);
  }

  return { verify, load: () => ({ lookups: slots.inFlight(), sharing }) };
}
