import type { AdminFlaggedWalletRow, AdminSystemEventRow } from '../../../common/api/admin-rows.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { requireAdmin } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { refused, requiredTextField } from '../queries/action-result.ts';
import {
  FLAG_ACTION_ERRORS,
  flagWalletAction,
  resolveFlagAction,
  walletOfFlag,
} from '../queries/flag-actions.ts';
import { resolveEventAction } from '../queries/resolve-event.ts';
import { answerActionAs, answerRecorded } from './action-answer.ts';
import { actionBody, bodyObject, bodyOf, uuidField } from './route-input.ts';

/** A flag's resolution: the flag, then the resolver's text, refused in this order. */
const RESOLVE_FLAG_BODY = actionBody({
  flagId: uuidField('flag id'),
  resolution: requiredTextField(FLAG_ACTION_ERRORS.resolutionRequired, 2000),
});
const RESOLVE_EVENT_BODY = actionBody({ eventId: uuidField('event id') });

/**
 * Review work: flag a wallet (SPEC §3 flagged wallet), resolve a flag, resolve a system event. Flagging and
 * resolving a flag write their own one event naming the admin; resolving an event is recorded as an action.
 */
export const reviewRoutes: AdminRoutes = (scope, context) => {
  const deps = { db: context.db, clock: context.clock };

  scope.post<{ Reply: Replies<AdminFlaggedWalletRow> }>(
    '/flag-wallet',
    allow(ROLES.act),
    async (request, reply) => {
      const body = bodyObject(request.body);
      const result = await flagWalletAction(deps, context.actingAdmin(request), body);
      return answerRecorded(reply, result);
    },
  );

  scope.post<{ Reply: Replies<AdminFlaggedWalletRow> }>(
    '/resolve-flag',
    allow(ROLES.act),
    async (request, reply) => {
      const { flagId, resolution } = bodyOf(RESOLVE_FLAG_BODY, request.body);
      const walletAddress = await walletOfFlag(context.db, flagId);
      const result = !walletAddress
        ? refused(404, FLAG_ACTION_ERRORS.flagNotFound)
        : await resolveFlagAction(deps, context.actingAdmin(request), { walletAddress, notes: resolution });
      return answerRecorded(reply, result);
    },
  );

  scope.post<{ Reply: Replies<AdminSystemEventRow> }>(
    '/resolve-event',
    allow(ROLES.act),
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { eventId } = bodyOf(RESOLVE_EVENT_BODY, request.body);
      const result = await resolveEventAction(deps, { by: admin.email }, eventId);
      return answerActionAs(
        request,
        reply,
        context,
        result,
        ({ event, alreadyResolved }) => ({
          action: 'resolve_event',
          message: alreadyResolved
            ? `Admin ${admin.email} resolved system event ${event.id} (${event.eventType}), already resolved by ${event.resolvedBy}`
            : `Admin ${admin.email} resolved system event ${event.id} (${event.eventType})`,
          details: { eventId: event.id, eventType: event.eventType, alreadyResolved },
        }),
        ({ event }) => event,
      );
    },
  );
};
