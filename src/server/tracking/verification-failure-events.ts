import { isPassingRefusal } from '../../common/protocol.ts';
import type { Database } from '../db/database.ts';
import type { EntryVerifier } from '../game/game-ports.ts';
import type { Logger } from '../logger.ts';
import { recordSystemEvent } from '../security/system-events.ts';

export const PAYMENT_VERIFICATION_FAILED = 'payment_verification_failed';

/**
 * The entry verifier, with every refused payment recorded as a system event for the
 * admin's System Events tab. The event is written beside the answer, never before it: the player's error
 * does not wait on it, and a failed write is only logged.
 */
export function withVerificationFailureEvents(
  verifier: EntryVerifier,
  deps: { db: Database; log: Logger },
): EntryVerifier {
  return {
    async verify(request) {
      const outcome = await verifier.verify(request);
      // A passing refusal (busy, not visible yet, RPC or database away) says nothing is wrong with the
      // payment, and the client submits it again with backoff: not worth an admin's attention each time.
      if (!outcome.ok && !isPassingRefusal(outcome.code)) {
        void recordSystemEvent(deps.db, {
          severity: 'warning',
          eventType: PAYMENT_VERIFICATION_FAILED,
          message: `Entry payment refused for ${request.walletAddress} in ${request.mode}: ${outcome.message}`,
          details: {
            walletAddress: request.walletAddress,
            mode: request.mode,
            signature: request.signature ?? null,
            ipAddress: request.ip ?? null,
            code: outcome.code ?? null,
            reason: outcome.message,
          },
        }).catch((error: unknown) => deps.log('recording a payment verification failure failed', error));
      }
      return outcome;
    },
  };
}
