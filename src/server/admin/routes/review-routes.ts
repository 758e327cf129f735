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
import { RESOLVE_EVENT_NOTE_REQUIRED, resolveEventAction } from '../queries/resolve-event.ts';
import { answerActionAs, answerRecorded } from './action-answer.ts';
import { actionBody, bodyObject, bodyOf, uuidField } from './route-input.ts';

/** A flag's resolution: the flag, then the resolver's text, refused in this order. */
const RESOLVE_FLAG_BODY = actionBody({
  flagId: uuidField('flag id'),
  resolution: requiredTextField(FLAG_ACTION_ERRORS.resolutionRequired, 2000),
});
/** An event's resolution: the event, then what was done about it (a note is required, as a flag's is). */
const RESOLVE_EVENT_BODY = actionBody({
  eventId: uuidField('event id'),
  notes: requiredTextField(RESOLVE_EVENT_NOTE_REQUIRED, 2000),
});

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
      const { eventId, notes } = bodyOf(RESOLVE_EVENT_BODY, request.body);
      const result = await resolveEventAction(deps, { by: admin.email }, eventId, notes);
      return answerActionAs(
        request,
        reply,
        context,
        result,
        ({ event, alreadyResolved }) => ({
          action: 'resolve_event',
          message: alreadyResolved
            ? `Admin ${admin.email} resolved system event ${event.id} (${event.eventType}), already resolved by ${event.resolvedBy}`
            : `Admin ${admin.email} resolved system event ${event.id} (${event.eventType}): ${notes}`,
          details: { eventId: event.id, eventType: event.eventType, alreadyResolved, notes },
        }),
        ({ event }) => event,
      );
    },
  );
};
