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

type BanBody = Record<string, unknown>;
type BanAnswer = WalletBanAnswer | IpBanAnswer;

interface BanRoute {
  path: string;
  run(deps: BanActionDeps, admin: ActingAdmin, body: BanBody): Promise<ActionResult<BanAnswer>>;
}

/** SPEC §7's four ban calls; the wallet ones require a reason (the action services check it). */
const BAN_ROUTES: readonly BanRoute[] = [
  {
    path: '/ban-wallet',
    run: (deps, admin, b) =>
      banWalletAction(deps, admin, { walletAddress: b.walletAddress, reason: b.reason }),
  },
  {
    path: '/unban-wallet',
    run: (deps, admin, b) =>
      unbanWalletAction(deps, admin, { walletAddress: b.walletAddress, reason: b.reason }),
  },
  {
    path: '/ban-ip',
    run: (deps, admin, b) => banIpAction(deps, admin, { ipAddress: b.ipAddress, reason: b.reason }),
  },
  {
    path: '/unban-ip',
    run: (deps, admin, b) => unbanIpAction(deps, admin, { ipAddress: b.ipAddress, reason: b.reason }),
  },
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
