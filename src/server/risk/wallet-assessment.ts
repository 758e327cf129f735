import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RiskEvidence, RiskSignal } from '../../common/api/risk-evidence.ts';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { walletAnalytics, walletIpAssociations } from '../db/schema/index.ts';
import { botSignals, pooledFigures } from './bot-signals.ts';
import { chipDumpingSignals, multiAccountingSignals } from './pair-signals.ts';
import { loadPairInputs, loadRecentFigures } from './risk-inputs.ts';
import type { RiskPorts } from './risk-ports.ts';
import { riskEvidence } from './risk-score.ts';

export interface Assessment {
  wallet: string;
  evidence: RiskEvidence;
  /** The IPs the evidence names, per wallet (this one and the others of its pairs). */
  suspiciousIps: Map<string, Set<string>>;
}

function suspiciousIpsOf(wallet: string, signals: readonly RiskSignal[]): Map<string, Set<string>> {
  const byWallet = new Map<string, Set<string>>([[wallet, new Set()]]);
  for (const s of signals) {
    const ips = s.figures.sharedIps;
    if (!Array.isArray(ips) || ips.length === 0) continue;
    for (const w of [wallet, s.otherWallet]) {
      if (!w) continue;
      const set = byWallet.get(w) ?? new Set<string>();
      for (const ip of ips) set.add(ip);
      byWallet.set(w, set);
    }
  }
  return byWallet;
}

/** Every signal of a wallet (pairs over its window, bot play over its recent games) and its score. */
export async function assessWallet(db: Database, clock: Clock, wallet: string): Promise<Assessment> {
  const signals: RiskSignal[] = [];
  const pairs = await loadPairInputs(db, wallet);
  if (pairs) signals.push(...chipDumpingSignals(pairs), ...multiAccountingSignals(pairs));
  const recent = await loadRecentFigures(db, wallet);
  signals.push(...botSignals(pooledFigures(recent.figures), 'wallet', recent.games));
  const evidence = riskEvidence(signals, new Date(clock.now()));
  return { wallet, evidence, suspiciousIps: suspiciousIpsOf(wallet, signals) };
}

/**
 * Stores an assessment: the wallet's risk score and evidence (wallet_analytics.risk_score,
 * suspicious_patterns), its IP associations marked suspicious exactly where the evidence names the IP (and
 * the other wallet's association with it), and the risk score of each of its IPs: the highest score of the
 * wallets seen from it.
 */
export async function storeAssessment(
  db: Database,
  analytics: RiskPorts['analytics'],
  assessment: Assessment,
): Promise<void> {
  const { wallet, evidence } = assessment;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ wallet: walletAnalytics.walletAddress })
      .from(walletAnalytics)
      .where(eq(walletAnalytics.walletAddress, wallet));
    if (!row) await analytics.walletsChanged(tx, [wallet]);
    await tx
      .update(walletAnalytics)
      .set({ riskScore: evidence.score, suspiciousPatterns: evidence })
      .where(eq(walletAnalytics.walletAddress, wallet));
    const own = [...(assessment.suspiciousIps.get(wallet) ?? [])];
    await tx
      .update(walletIpAssociations)
      .set({ isSuspicious: own.length ? inArray(walletIpAssociations.ipAddress, own) : sql`false` })
      .where(eq(walletIpAssociations.walletAddress, wallet));
    for (const [other, ips] of assessment.suspiciousIps) {
      if (other === wallet || ips.size === 0) continue;
      await tx
        .update(walletIpAssociations)
        .set({ isSuspicious: true })
        .where(
          and(
            eq(walletIpAssociations.walletAddress, other),
            inArray(walletIpAssociations.ipAddress, [...ips]),
          ),
        );
    }
    await tx.execute(sql`
      UPDATE ip_addresses i SET risk_score = (
        SELECT max(wa.risk_score) FROM wallet_ip_associations a
        JOIN wallet_analytics wa ON wa.wallet_address = a.wallet_address
        WHERE a.ip_address = i.ip_address)
      WHERE i.ip_address IN (SELECT ip_address FROM wallet_ip_associations WHERE wallet_address = ${wallet})`);
  });
}
