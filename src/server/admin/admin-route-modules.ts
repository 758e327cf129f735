import type { AdminRoutes } from './admin-context.ts';

/**
 * The admin API's route modules beyond login, logout and user (SPEC §7: stats, lists, bans,
 * associations...). Each is registered inside the guarded /api/admin scope by registerAdminRoutes.
 */
export const ADMIN_ROUTE_MODULES: readonly AdminRoutes[] = [];
