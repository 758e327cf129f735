import type { AdminFlaggedWalletRow, AdminSystemEventRow } from '../../../common/api/admin-rows.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { requireAdmin } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { refused, requiredText } from '../queries/action-result.ts';
import {
  FLAG_ACTION_ERRORS,
  flagWalletAction,
  resolveFlagAction,
  walletOfFlag,
} from '../queries/flag-actions.ts';
import { resolveEventAction } from '../queries/resolve-event.ts';
import { answerActionAs, answerRecorded } from './action-answer.ts';
import { bodyObject, uuidInput } from './route-input.ts';

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
      const { walletAddress, reason, severity, evidence } = bodyObject(request.body);
      const admin = context.actingAdmin(request);
      const result = await flagWalletAction(deps, admin, { walletAddress, reason, severity, evidence });
      return answerRecorded(reply, result);
    },
  );

  scope.post<{ Reply: Replies<AdminFlaggedWalletRow> }>(
    '/resolve-flag',
    allow(ROLES.act),
    async (request, reply) => {
      const body = bodyObject(request.body);
      const flagId = uuidInput(body.flagId, 'flag id');
      const resolution = requiredText(body.resolution, 2000);
      const walletAddress = resolution ? await walletOfFlag(context.db, flagId) : undefined;
      const result = !resolution
        ? refused(400, FLAG_ACTION_ERRORS.resolutionRequired)
        : !walletAddress
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
      const eventId = uuidInput(bodyObject(request.body).eventId, 'event id');
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
