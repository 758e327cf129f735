import type { FlagSeverity } from '../../common/api/admin-rows.ts';
import type { RiskEvidence } from '../../common/api/risk-evidence.ts';
import type { WalletAnalytics } from '../game/analytics-port.ts';

/**
 * What the risk pass asks of the back-office, declared here and implemented there (admin/queries/flag-actions.ts,
 * admin/analytics), passed in by the composition root (services.ts): the risk pass imports nothing of admin.
 */
export interface RiskFlags {
  /**
   * Raises a wallet's flag as an operator's is raised: the flag row with its evidence, its one
   * `wallet_flagged` event naming `by`, and the wallet's analytics, in one transaction; refused with the
   * back-office's text for an input it would refuse.
   */
  flagWallet(
    by: string,
    flag: { walletAddress: string; reason: string; severity: FlagSeverity; evidence: RiskEvidence },
  ): Promise<{ ok: true } | { ok: false; error: string }>;
}

export interface RiskPorts {
  flags: RiskFlags;
  /** The wallet's analytics row, rebuilt inside the transaction that changed what it is made of. */
  analytics: WalletAnalytics;
}
