import type { AdminRoutes } from './admin-context.ts';
import { adminAccountRoutes } from './routes/admin-account-routes.ts';
import { banHistoryRoutes } from './routes/ban-history-routes.ts';
import { banRoutes } from './routes/ban-routes.ts';
import { detailRoutes } from './routes/detail-routes.ts';
import { exportRoutes } from './routes/export-routes.ts';
import { heldPayoutRoutes } from './routes/held-payout-routes.ts';
import { listRoutes } from './routes/list-routes.ts';
import { noteRoutes } from './routes/note-routes.ts';
import { reviewRoutes } from './routes/review-routes.ts';
import { statsRoutes } from './routes/stats-routes.ts';

/**
 * The admin API's route modules beyond login, logout and user (SPEC §7: stats, lists, bans,
 * associations...). Each is registered inside the guarded /api/admin scope by registerAdminRoutes.
 */
export const ADMIN_ROUTE_MODULES: readonly AdminRoutes[] = [
  statsRoutes,
  listRoutes,
  detailRoutes,
  banRoutes,
  banHistoryRoutes,
  reviewRoutes,
  noteRoutes,
  heldPayoutRoutes,
  exportRoutes,
  adminAccountRoutes,
];
