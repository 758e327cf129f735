import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AdminOverview } from '../../../common/api/admin-views.ts';
import type { Database } from '../../db/database.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { RECONCILIATION_EVENT } from '../../ledger/reconcile/reconcile.ts';
import { iso, sol } from '../queries/json-values.ts';
import type { AdminServices } from './admin-services.ts';
import { dailyActivity } from './daily-activity.ts';
import { houseMoney } from './house-money.ts';

export type { AdminOverview };

async function readBalance(
  house: AdminServices['house'],
  log: (error: unknown) => void,
): Promise<bigint | null> {
  try {
    return await house.balance();
  } catch (error) {
    log(error);
    return null;
  }
}

export async function adminOverview(
  deps: Pick<AdminServices, 'live' | 'house'> & { db: Database; now: number },
  log: (error: unknown) => void,
): Promise<AdminOverview> {
  const { db, house } = deps;
  const [daily, [critical], [reconciliation], balance, money] = await Promise.all([
    dailyActivity(db, deps.now),
    db
      .select({ n: count() })
      .from(systemEvents)
      .where(and(eq(systemEvents.severity, 'critical'), isNull(systemEvents.resolvedAt))),
    db
      .select()
      .from(systemEvents)
      .where(eq(systemEvents.eventType, RECONCILIATION_EVENT))
      .orderBy(desc(systemEvents.createdAt), desc(systemEvents.id))
      .limit(1),
    readBalance(house, log),
    houseMoney(db),
  ]);
  return {
    daily,
    live: deps.live(),
    unresolvedCriticalEvents: Number(critical?.n ?? 0),
    houseWallet: {
      address: house.address,
      balanceSol: balance === null ? null : sol(balance),
      balanceLamports: balance === null ? null : balance.toString(),
      floorSol: sol(house.floorLamports),
    },
    lastReconciliation: reconciliation
      ? {
          at: iso(reconciliation.createdAt),
          ok: reconciliation.severity !== 'critical',
          summary: reconciliation.message,
        }
      : null,
    money,
  };
}
