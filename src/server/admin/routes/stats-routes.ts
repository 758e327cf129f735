import type { AdminRoutes } from '../admin-context.ts';
import { adminOverview } from '../overview/admin-overview.ts';
import { adminStats } from '../queries/index.ts';

/** The four stat cards (SPEC §2) and the Overview tab. */
export const statsRoutes: AdminRoutes = (scope, context) => {
  scope.get('/stats', async () => adminStats(context.db));
  scope.get('/overview', async (request) =>
    adminOverview({ ...context, now: context.clock.now() }, (error) =>
      request.log.warn({ err: error }, 'overview: the house balance could not be read'),
    ),
  );
};
