import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type AdminAccountAnswer,
  type AdminAccounts,
  adminRoleBodySchema,
  adminTargetBodySchema,
  newAdminBodySchema,
} from '../../../common/api/admin-accounts-api.ts';
import type { Replies } from '../../http/contract-reply.ts';
import {
  ACCOUNT_ERRORS,
  type AccountChange,
  accountView,
  changeAdminAccount,
  findAdminAccount,
  listAdminAccounts,
} from '../accounts/admin-account-changes.ts';
import { adminCredentialsProblem, createAdmin } from '../admin-accounts.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { requireAdmin } from '../admin-context.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { AdminInputError } from './route-input.ts';

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AdminInputError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/**
 * The owner's management of the admins: list, create (e-mail, password, role), change a role,
 * deactivate and reactivate (their sessions end at once), and reset a second factor. Each change is a
 * system event naming who did it to whom.
 */
export const adminAccountRoutes: AdminRoutes = (scope, context) => {
  const deps = { db: context.db, clock: context.clock };

  scope.get<{ Reply: Replies<AdminAccounts> }>('/admins', allow(ROLES.owner), async () => ({
    admins: await listAdminAccounts(context.db),
  }));

  scope.post<{ Reply: Replies<AdminAccountAnswer> }>(
    '/admins',
    allow(ROLES.owner),
    async (request, reply) => {
      const owner = requireAdmin(request);
      const body = parsed(newAdminBodySchema, request.body);
      const problem = adminCredentialsProblem(body.email, body.password);
      if (problem) return reply.code(400).send({ error: problem });
      const created = await createAdmin(context.db, context.clock, body);
      if (!created) return reply.code(409).send({ error: ACCOUNT_ERRORS.emailTaken });
      await context.recordAction(request, {
        action: 'create_admin',
        eventType: ADMIN_EVENT.created,
        message: `Owner ${owner.email} created ${body.role} ${created.email}`,
        details: { targetAdminId: created.id, targetEmail: created.email, newRole: body.role },
      });
      return { success: true as const, admin: accountView(created) };
    },
  );

  const change = async (
    request: FastifyRequest,
    reply: FastifyReply,
    adminId: string,
    what: AccountChange,
    action: string,
    did: string,
  ) => {
    const owner = requireAdmin(request);
    const result = await changeAdminAccount(deps, owner.adminId, adminId, what);
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    const { before, after } = result.body;
    // The guard already refuses a deactivated admin's sessions; deleting them leaves nothing to resume.
    if ('isActive' in what && !what.isActive) await context.sessions.endAllOf(adminId);
    await context.recordAction(request, {
      action,
      eventType: ADMIN_EVENT.accountChanged,
      severity: 'warning',
      message: `Owner ${owner.email} ${did} ${after.email}`,
      details: {
        targetAdminId: after.id,
        targetEmail: after.email,
        before: { role: before.role, isActive: before.isActive },
        after: { role: after.role, isActive: after.isActive },
      },
    });
    return { success: true as const, admin: after };
  };

  scope.post<{ Reply: Replies<AdminAccountAnswer> }>('/admins/role', allow(ROLES.owner), (request, reply) => {
    const body = parsed(adminRoleBodySchema, request.body);
    return change(
      request,
      reply,
      body.adminId,
      { role: body.role },
      'change_admin_role',
      `made ${body.role}:`,
    );
  });
  scope.post<{ Reply: Replies<AdminAccountAnswer> }>(
    '/admins/deactivate',
    allow(ROLES.owner),
    (request, reply) => {
      const { adminId } = parsed(adminTargetBodySchema, request.body);
      return change(request, reply, adminId, { isActive: false }, 'deactivate_admin', 'deactivated');
    },
  );
  scope.post<{ Reply: Replies<AdminAccountAnswer> }>(
    '/admins/reactivate',
    allow(ROLES.owner),
    (request, reply) => {
      const { adminId } = parsed(adminTargetBodySchema, request.body);
      return change(request, reply, adminId, { isActive: true }, 'reactivate_admin', 'reactivated');
    },
  );

  scope.post<{ Reply: Replies<AdminAccountAnswer> }>(
    '/admins/reset-2fa',
    allow(ROLES.owner),
    async (request, reply) => {
      const owner = requireAdmin(request);
      const { adminId } = parsed(adminTargetBodySchema, request.body);
      if (adminId === owner.adminId) return reply.code(409).send({ error: ACCOUNT_ERRORS.selfReset });
      const target = await findAdminAccount(context.db, adminId);
      if (!target) return reply.code(404).send({ error: ACCOUNT_ERRORS.notFound });
      await context.twoFactor.reset(adminId);
      // Sessions that passed the old factor end: the next sign-in enrols afresh.
      await context.sessions.endAllOf(adminId);
      await context.recordAction(request, {
        action: 'reset_admin_2fa',
        eventType: ADMIN_EVENT.twoFactorReset,
        severity: 'warning',
        message: `Owner ${owner.email} reset the two-factor sign-in of ${target.email}`,
        details: { targetAdminId: target.id, targetEmail: target.email },
      });
      const after = await findAdminAccount(context.db, adminId);
      return { success: true as const, admin: accountView(after ?? target) };
    },
  );
};
