import type { IpBanAnswer, WalletBanAnswer } from '../../../common/api/admin-actions.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { requireAdmin } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { type ActionResult, requiredText } from '../queries/action-result.ts';
import type { BanActionDeps } from '../queries/ban-actions.ts';
import {
  type ActingAdmin,
  banIpAction,
  banWalletAction,
  unbanIpAction,
  unbanWalletAction,
} from '../queries/index.ts';
import { answerAction } from './action-answer.ts';
import { bodyObject } from './route-input.ts';

type BanBody = Record<string, unknown>;
type BanAnswer = WalletBanAnswer | IpBanAnswer;

/** The wallet or address a ban answer names. */
const targetOf = (done: BanAnswer): string => ('walletAddress' in done ? done.walletAddress : done.ipAddress);

interface BanRoute {
  path: string;
  action: string;
  /** How the admin event says it: 'banned wallet', 'unbanned IP'... */
  did: string;
  /** The body field naming the target, echoed in the answer. */
  target: 'walletAddress' | 'ipAddress';
  run(deps: BanActionDeps, admin: ActingAdmin, body: BanBody): Promise<ActionResult<BanAnswer>>;
}

/** SPEC §7's four ban calls; the wallet ones require a reason (the action services check it). */
const BAN_ROUTES: readonly BanRoute[] = [
  {
    path: '/ban-wallet',
    action: 'ban_wallet',
    did: 'banned wallet',
    target: 'walletAddress',
    run: (deps, admin, b) =>
      banWalletAction(deps, admin, { walletAddress: b.walletAddress, reason: b.reason }),
  },
  {
    path: '/unban-wallet',
    action: 'unban_wallet',
    did: 'unbanned wallet',
    target: 'walletAddress',
    run: (deps, admin, b) =>
      unbanWalletAction(deps, admin, { walletAddress: b.walletAddress, reason: b.reason }),
  },
  {
    path: '/ban-ip',
    action: 'ban_ip',
    did: 'banned IP',
    target: 'ipAddress',
    run: (deps, admin, b) => banIpAction(deps, admin, { ipAddress: b.ipAddress, reason: b.reason }),
  },
  {
    path: '/unban-ip',
    action: 'unban_ip',
    did: 'unbanned IP',
    target: 'ipAddress',
    run: (deps, admin, b) => unbanIpAction(deps, admin, { ipAddress: b.ipAddress, reason: b.reason }),
  },
];

/**
 * SPEC §7 ban-wallet / unban-wallet / ban-ip / unban-ip. Each goes through the ban actions, which write the
 * ban with its own system event and tell live sockets and searches through `Bans`; the admin's action is
 * recorded besides, naming the target and the reason.
 */
export const banRoutes: AdminRoutes = (scope, context) => {
  const deps = { db: context.db, bans: context.bans };
  for (const route of BAN_ROUTES) {
    scope.post<{ Reply: Replies<BanAnswer> }>(route.path, allow(ROLES.act), async (request, reply) => {
      const admin = requireAdmin(request);
      const body = bodyObject(request.body);
      const result = await route.run(deps, { by: admin.email }, body);
      const reason = requiredText(body.reason) ?? null;
      return answerAction(request, reply, context, result, (done) => ({
        action: route.action,
        message: `Admin ${admin.email} ${route.did} ${targetOf(done)}${reason ? `: ${reason}` : ''}`,
        details: { [route.target]: targetOf(done), reason },
      }));
    });
  }
};
