import type { HeldPayoutAnswer } from '../../../common/api/admin-actions.ts';
import type { AdminHeldPayoutRow } from '../../../common/api/admin-rows.ts';
import type { Page } from '../../../common/api/wire-values.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { requireAdmin } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { decideHeldPayoutAction, HELD_PAYOUT_REASON, listHeldPayouts } from '../queries/held-payouts.ts';
import { answerAction } from './action-answer.ts';
import { actionBody, bodyOf, uuidField } from './route-input.ts';

/** A decision's body: the payout job, then the reason, refused in this order. */
const DECISION_BODY = actionBody({ jobId: uuidField('payout job id'), reason: HELD_PAYOUT_REASON });

/**
 * RELIABILITY 35: the winner payouts held because their wallet was banned, and the admin's two decisions on
 * each, POST with a reason (the guarded /api/admin scope: same origin, JSON, a session), recorded with who,
 * when and why as every admin action is.
 */
export const heldPayoutRoutes: AdminRoutes = (scope, context) => {
  const deps = { db: context.db, clock: context.clock };
  scope.get<{ Reply: Replies<Page<AdminHeldPayoutRow>> }>('/held-payouts', allow(ROLES.read), async () =>
    listHeldPayouts(context.db),
  );

  const decisions = [
    { path: '/held-payouts/release', decision: 'released', action: 'release_held_payout', did: 'released' },
    {
      path: '/held-payouts/refund-loser',
      decision: 'refunded_loser',
      action: 'refund_loser_instead_of_held_payout',
      did: "cancelled and refunded the loser's entry instead of",
    },
  ] as const;
  for (const route of decisions) {
    scope.post<{ Reply: Replies<HeldPayoutAnswer> }>(route.path, allow(ROLES.act), async (request, reply) => {
      const admin = requireAdmin(request);
      const { jobId, reason } = bodyOf(DECISION_BODY, request.body);
      const result = await decideHeldPayoutAction(
        deps,
        { by: admin.email },
        { jobId, reason },
        route.decision,
      );
      return answerAction(request, reply, context, result, (done) => ({
        action: route.action,
        message: `Admin ${admin.email} ${route.did} the held payout of game ${done.gameId} to ${done.walletAddress}: ${reason}`,
        details: {
          jobId: done.jobId,
          gameId: done.gameId,
          reason,
          refund: done.refund,
        },
      }));
    });
  }
};
