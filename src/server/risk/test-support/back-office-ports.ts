import type { Clock } from '../../../common/clock.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import { riskFlagsOf } from '../../admin/queries/flag-actions.ts';
import type { Database } from '../../db/database.ts';
import type { RiskPorts } from '../risk-ports.ts';

/** Test support: the risk pass's ports as the composition root builds them, on the back-office's services. */
export const backOfficePorts = (deps: { db: Database; clock: Clock }): RiskPorts => ({
  flags: riskFlagsOf(deps),
  analytics: walletAnalytics,
});
