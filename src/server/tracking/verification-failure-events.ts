import { isPassingRefusal } from '../../common/protocol.ts';
import type { EntryVerifier } from '../game/game-ports.ts';
import type { Logger } from '../logger.ts';
import type { RepeatedEvents } from '../operations-log/repeated-events.ts';

export const PAYMENT_VERIFICATION_FAILED = 'payment_verification_failed';

/**
 * The entry verifier, with refused payments recorded as system events for the admin's System Events tab:
 * one per wallet per window with its count (RELIABILITY 39), the last reason and the signatures and codes
 * seen, so a wallet refused a thousand times is one row. The event is written beside the answer, never
 * before it: the player's error does not wait on it, and a failed write is only logged.
 */
export function withVerificationFailureEvents(
  verifier: EntryVerifier,
  deps: { events: RepeatedEvents; log: Logger },
): EntryVerifier {
  return {
    async verify(request) {
      const outcome = await verifier.verify(request);
      // A passing refusal (busy, not visible yet, RPC or database away) says nothing is wrong with the
      // payment, and the client submits it again with backoff: not worth an admin's attention each time.
      if (!outcome.ok && !isPassingRefusal(outcome.code)) {
        const signature = request.signature ?? null;
        const code = outcome.code ?? null;
        void deps.events
          .record({
            severity: 'warning',
            eventType: PAYMENT_VERIFICATION_FAILED,
            walletAddress: request.walletAddress,
            ip: request.ip ?? null,
            message: ({ count, firstAt }) =>
              `Entry payment refused for ${request.walletAddress} in ${request.mode}: ${outcome.message}` +
              (count > 1 ? ` (${count} times since ${firstAt})` : ''),
            samples: { signature, code },
            details: {
              walletAddress: request.walletAddress,
              mode: request.mode,
              signature,
              ipAddress: request.ip ?? null,
              code,
              reason: outcome.message,
            },
          })
          .catch((error: unknown) => deps.log('recording a payment verification failure failed', error));
      }
      return outcome;
    },
  };
}
