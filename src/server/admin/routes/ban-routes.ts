import type { IpBanAnswer, WalletBanAnswer } from '../../../common/api/admin-actions.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import type { ActionResult } from '../queries/action-result.ts';
import type { BanActionDeps } from '../queries/ban-actions.ts';
import {
  type ActingAdmin,
  banIpAction,
  banWalletAction,
  unbanIpAction,
  unbanWalletAction,
} from '../queries/index.ts';
import { answerRecorded } from './action-answer.ts';
import { bodyObject } from './route-input.ts';

type BanAnswer = WalletBanAnswer | IpBanAnswer;

interface BanRoute {
  path: string;
  /** The action, reading its fields of the body with its own schema (ban-actions.ts). */
  run(
    deps: BanActionDeps,
    admin: ActingAdmin,
    body: Record<string, unknown>,
  ): Promise<ActionResult<BanAnswer>>;
}

/** SPEC §7's four ban calls; the wallet ones require a reason (the action services' input schemas). */
const BAN_ROUTES: readonly BanRoute[] = [
  { path: '/ban-wallet', run: banWalletAction },
  { path: '/unban-wallet', run: unbanWalletAction },
  { path: '/ban-ip', run: banIpAction },
  { path: '/unban-ip', run: unbanIpAction },
];

/**
 * SPEC §7 ban-wallet / unban-wallet / ban-ip / unban-ip. Each goes through the ban actions, which write the
 * ban, its history line and its one system event naming the admin (e-mail, id, role, client IP), the target
 * and the reason, and tell live sockets and searches through `Bans`.
 */
export const banRoutes: AdminRoutes = (scope, context) => {
  const deps = { db: context.db, bans: context.bans };
  for (const route of BAN_ROUTES) {
    scope.post<{ Reply: Replies<BanAnswer> }>(route.path, allow(ROLES.act), async (request, reply) => {
      const body = bodyObject(request.body);
      return answerRecorded(reply, await route.run(deps, context.actingAdmin(request), body));
    });
  }
};
