import type { AdminOverview, AdminStats } from '../../../common/api/admin-views.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { adminOverview } from '../overview/admin-overview.ts';
import { adminStats } from '../queries/index.ts';

/** The four stat cards (SPEC §2) and the Overview tab. */
export const statsRoutes: AdminRoutes = (scope, context) => {
  scope.get<{ Reply: Replies<AdminStats> }>('/stats', allow(ROLES.read), async () => adminStats(context.db));
  scope.get<{ Reply: Replies<AdminOverview> }>('/overview', allow(ROLES.read), async (request) =>
    adminOverview({ ...context, now: context.clock.now() }, (error) =>
      request.log.warn({ err: error }, 'overview: the house balance could not be read'),
    ),
  );
};
