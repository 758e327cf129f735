import type { FastifyInstance } from 'fastify';
import { type RecoveryCodesRenewed, recoveryCodesBodySchema } from '../../../common/api/admin-own-account.ts';
import type { Replies } from '../../http/contract-reply.ts';
import { type AdminRouteContext, requireAdmin } from '../admin-context.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { looksLikeRecoveryCode } from '../two-factor/recovery-codes.ts';
import { countedCode, refuse } from './counted-checks.ts';
import type { OwnAccountDeps } from './own-account-deps.ts';

/**
 * POST /api/admin/two-factor/recovery-codes: a signed-in admin with two-factor sign-in set up makes new
 * recovery codes with a current code from the app (not a recovery code: those are what is replaced). The
 * old codes, used or not, stop working; the new ones are in this answer only (stored as hashes).
 */
export function registerRecoveryCodesRoute(
  scope: FastifyInstance,
  context: AdminRouteContext,
  deps: OwnAccountDeps,
): void {
  const { twoFactor } = context;

  scope.post<{ Reply: Replies<RecoveryCodesRenewed> }>(
    '/two-factor/recovery-codes',
    allow(ROLES.read),
    async (request, reply) => {
      const session = requireAdmin(request);
      if (!session.totpEnrolled) return reply.code(409).send({ error: ADMIN_ERRORS.notEnrolled });
      const body = recoveryCodesBodySchema.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: ADMIN_ERRORS.totpCodeRequired });
      const { code } = body.data;
      if (looksLikeRecoveryCode(code)) return reply.code(400).send({ error: ADMIN_ERRORS.totpCodeRequired });

      const checked = await countedCode({ ...deps, context }, request, session, () =>
        twoFactor.checkTotp(session.adminId, code),
      );
      if (!checked.ok) return refuse(reply, checked);
      const recoveryCodes = await twoFactor.renewRecoveryCodes(session.adminId);
      if (!recoveryCodes) return reply.code(409).send({ error: ADMIN_ERRORS.notEnrolled });
      await context.recordAction(request, {
        action: 'renew_recovery_codes',
        eventType: ADMIN_EVENT.recoveryCodesRenewed,
        message: `Admin ${session.email} made ${recoveryCodes.length} new recovery codes; the old ones no longer work`,
        details: { recoveryCodes: recoveryCodes.length },
      });
      return { success: true as const, recoveryCodes };
    },
  );
}
