import type { BanHistoryRow } from '../../../common/api/ban-history-api.ts';
import type { Page } from '../../../common/api/wire-values.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { listBanHistory } from '../queries/ban-history-list.ts';
import { banTargetQuery, pageQuery } from './route-input.ts';

/** GET /api/admin/ban-history?wallet=… or ?ip=…: every ban and unban of it, newest first, with who and why. */
export const banHistoryRoutes: AdminRoutes = (scope, { db }) => {
  scope.get<{ Reply: Replies<Page<BanHistoryRow>> }>('/ban-history', allow(ROLES.read), async ({ query }) =>
    listBanHistory(db, banTargetQuery(query), pageQuery(query)),
  );
};
