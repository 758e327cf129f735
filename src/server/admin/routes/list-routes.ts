import type {
  AdminBannedWalletRow,
  AdminFlaggedWalletRow,
  AdminGameRow,
  AdminIpRow,
  AdminSystemEventRow,
  AdminTransactionRow,
  AdminWalletRow,
} from '../../../common/api/admin-rows.ts';
import type { SystemEventSummary } from '../../../common/api/system-event-summary.ts';
import type { Page } from '../../../common/api/wire-values.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import {
  listBannedWallets,
  listFlaggedWallets,
  listGames,
  listIps,
  listSystemEvents,
  listTransactions,
  listWallets,
} from '../queries/index.ts';
import { systemEventSummary } from '../queries/system-events-summary.ts';
import {
  eventTypeQuery,
  flagQuery,
  gameFilterQuery,
  pageQuery,
  searchQuery,
  severityQuery,
  transactionFilterQuery,
} from './route-input.ts';

/**
 * The admin lists of the contract (SPEC §7): each answers a `Page` `{ items, nextCursor }` and takes
 * `?limit=` and `?cursor=`; the search box's term goes to the query services as it is. Transactions and
 * games also take their tab's filters (common/api/admin-list-filters.ts), as their CSV exports do.
 */
export const listRoutes: AdminRoutes = (scope, { db }) => {
  scope.get<{ Reply: Replies<Page<AdminTransactionRow>> }>(
    '/transactions',
    allow(ROLES.read),
    async ({ query }) =>
      listTransactions(db, {
        ...pageQuery(query),
        search: searchQuery(query),
        ...transactionFilterQuery(query),
      }),
  );
  scope.get<{ Reply: Replies<Page<AdminGameRow>> }>('/games', allow(ROLES.read), async ({ query }) =>
    listGames(db, { ...pageQuery(query), search: searchQuery(query), ...gameFilterQuery(query) }),
  );
  scope.get<{ Reply: Replies<Page<AdminWalletRow>> }>('/wallets', allow(ROLES.read), async ({ query }) =>
    listWallets(db, { ...pageQuery(query), search: searchQuery(query) }),
  );
  scope.get<{ Reply: Replies<Page<AdminIpRow>> }>('/ips', allow(ROLES.read), async ({ query }) =>
    listIps(db, { ...pageQuery(query), search: searchQuery(query) }),
  );
  scope.get<{ Reply: Replies<Page<AdminSystemEventRow>> }>(
    '/system-events',
    allow(ROLES.read),
    async ({ query }) =>
      listSystemEvents(db, {
        ...pageQuery(query),
        severity: severityQuery(query),
        eventType: eventTypeQuery(query),
        // Awaiting triage: warnings or worse nobody has resolved.
        unresolved: flagQuery(query, 'unresolved') === true,
      }),
  );
  // The type filter's choices and the unresolved counts above the list.
  scope.get<{ Reply: Replies<SystemEventSummary> }>('/system-events/summary', allow(ROLES.read), async () =>
    systemEventSummary(db),
  );
  scope.get<{ Reply: Replies<Page<AdminBannedWalletRow>> }>(
    '/banned-wallets',
    allow(ROLES.read),
    async ({ query }) => listBannedWallets(db, pageQuery(query)),
  );
  // Every flag by default, resolved ones included; `?unresolved=1` keeps the open ones.
  scope.get<{ Reply: Replies<Page<AdminFlaggedWalletRow>> }>(
    '/flagged-wallets',
    allow(ROLES.read),
    async ({ query }) =>
      listFlaggedWallets(db, {
        ...pageQuery(query),
        includeResolved: flagQuery(query, 'unresolved') !== true,
      }),
  );
};
