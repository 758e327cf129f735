import type { Clock } from '../../../common/clock.ts';
import { type GameModeId, getGameMode } from '../../../common/game-modes.ts';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  type ErrorCode,
  isPassingRefusal,
  REFUND_REFUSAL_CODES,
} from '../../../common/protocol.ts';
import { REFUND_TEXTS } from '../../../common/refund-texts.ts';
import type { Logger } from '../../logger.ts';
import type { EntryRefusal, EntryVerifier, GameMessage, GameMoney, PlayerLink } from '../game-ports.ts';
import type { PaidEntry } from '../matchmaker.ts';
import type { GameStore } from '../store/game-store.ts';

export interface RefusalDeps {
  store: Pick<GameStore, 'refundUnusedEntry'>;
  clock: Clock;
  log: Logger;
  verifier: EntryVerifier | undefined;
  money: GameMoney | undefined;
}

/** A refusal on the wire; a refund it announces rides along as `refundLamports` (decimal text). */
export function sendRefusal(link: PlayerLink, refusal: Omit<EntryRefusal, 'ok'>): void {
  const { message, code, refundLamports } = refusal;
  link.send({
    type: 'error',
    data: {
      message,
      ...(code ? { code } : {}),
      ...(refundLamports !== undefined ? { refundLamports: refundLamports.toString() } : {}),
    },
  });
}

/**
 * A recorded entry fee that did not become a search: refunded in full by the money side in one store transaction
 * (never if a queue session took it), and the player told so with the amount. If even that write fails, the sweep of
 * unused entry fees refunds it within minutes: logged loudly, and the player told that instead.
 */
export async function refundUnstartedEntry(
  deps: Pick<RefusalDeps, 'store' | 'clock' | 'log'> & { money: GameMoney },
  entry: { walletAddress: string; mode: GameModeId; paid: PaidEntry },
  refusal?: { message: string; code?: ErrorCode },
): Promise<Omit<EntryRefusal, 'ok'>> {
  const { lamports } = entry.paid;
  let refunded: boolean;
  try {
    refunded = await deps.store.refundUnusedEntry(deps.money, entry, new Date(deps.clock.now()));
  } catch (error) {
    deps.log(
      `LOST ENTRY FEE: the refund of ${entry.paid.signature} (${lamports} lamports, ${entry.walletAddress}) could not be written; the unused-entry sweep must refund it`,
      error,
    );
    refunded = false;
  }
  if (refusal) {
    const explain = refunded ? REFUND_TEXTS.withRefund : REFUND_TEXTS.withRefundPending;
    return { message: explain(refusal.message, lamports), code: refusal.code, refundLamports: lamports };
  }
  return refunded
    ? {
        message: REFUND_TEXTS.searchNotStarted(lamports),
        code: REFUND_REFUSAL_CODES.refunded,
        refundLamports: lamports,
      }
    : {
        message: REFUND_TEXTS.searchNotStartedRefundPending(lamports),
        code: REFUND_REFUSAL_CODES.refundPending,
        refundLamports: lamports,
      };
}

/**
 * A search refused before its payment was looked at (banned, already searching, restricted: SPEC §5 puts
 * those first) may still carry real money, so the payment is settled before the answer. Verified: recorded
 * and refunded in full, and the refusal says so with the amount. Not verifiable yet (a passing refusal):
 * the passing refusal is the answer, so the client keeps the signature and comes back with it, and the
 * final refusal comes once the payment can be settled. Anything else: the refusal as it is.
 */
export async function refuseSearch(
  deps: RefusalDeps,
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'findMatch' }>,
  refusal: { message: string; code: ErrorCode },
): Promise<void> {
  sendRefusal(link, await settleRefusedPayment(deps, link, message, refusal));
}

async function settleRefusedPayment(
  deps: RefusalDeps,
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'findMatch' }>,
  refusal: { message: string; code: ErrorCode },
): Promise<Omit<EntryRefusal, 'ok'>> {
  const { verifier, money } = deps;
  if (!verifier || !money || !link.walletAddress || !message.gameMode || !message.paymentSignature) {
    return refusal;
  }
  const mode = getGameMode(message.gameMode);
  if (mode.wagerLamports === 0n) return refusal;
  const verified = await verifier.verify({
    walletAddress: link.walletAddress,
    mode: mode.id,
    signature: message.paymentSignature,
    ip: link.ip,
  });
  if (verified.ok) {
    const entry = { walletAddress: link.walletAddress, mode: mode.id, paid: verified.paid };
    deps.log(`a refused search's payment ${verified.paid.signature} is being refunded in full`);
    return refundUnstartedEntry({ ...deps, money }, entry, refusal);
  }
  if (isPassingRefusal(verified.code)) return verified;
  // Recorded and owed back already (a wrong amount, too old): the refusal says so.
  if (verified.refundLamports !== undefined) {
    return {
      message: REFUND_TEXTS.withRefund(refusal.message, verified.refundLamports),
      code: refusal.code,
      refundLamports: verified.refundLamports,
    };
  }
  return refusal;
}

/**
 * A search refused because the server is stopping: one that opened after the stop settled the searches
 * would stay open until the next start. The player is told, and a fee paid for it is refunded in full.
 */
export function refuseWhileStopping(
  deps: RefusalDeps,
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'findMatch' }>,
): Promise<void> {
  return refuseSearch(deps, link, message, {
    message: ERROR_MESSAGES.serverStopping,
    code: ERROR_CODES.serverStopping,
  });
}
