import type { ReactNode } from 'react';
import type { WalletAnalytics } from '../../common/api/admin-views.ts';
import { riskEvidenceOf } from '../../common/api/risk-evidence.ts';
import { modeLabel } from '../history/history-labels.ts';
import { Amount, DateText, IpLink } from './admin-cells.tsx';
import { RiskEvidenceView } from './risk-evidence-view.tsx';

function durationText(ms: number | null): string {
  if (ms === null) return '-';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** SPEC §3 wallet analytics as a grid of small figures, and the risk pass's reasons when there are any. */
export function WalletAnalyticsGrid({ analytics: a }: { analytics: WalletAnalytics }) {
  const figures: [string, ReactNode][] = [
    ['Games', a.totalGames],
    ['Wins / Losses', `${a.totalWins} / ${a.totalLosses}`],
    ['Win Rate', `${(a.winRate * 100).toFixed(1)}%`],
    ['Wagered', <Amount key="w" sol={a.totalWagered} lamports={a.totalWageredLamports} />],
    ['Won', <Amount key="won" sol={a.totalWon} lamports={a.totalWonLamports} />],
    ['Lost', <Amount key="l" sol={a.totalLost} lamports={a.totalLostLamports} />],
    ['Profit / Loss', <Amount key="pl" sol={a.profitLoss} lamports={a.profitLossLamports} />],
    ['Avg Duration', durationText(a.averageGameDuration)],
    ['Favourite Mode', a.favoriteMode ? modeLabel(a.favoriteMode) : '-'],
    ['Win Streak (now / best)', `${a.currentWinStreak} / ${a.longestWinStreak}`],
    ['Unique IPs', a.uniqueIpCount],
    ['Most Used IP', <IpLink key="ip" ip={a.mostUsedIp} />],
    ['First Game', <DateText key="f" value={a.firstGameAt} />],
    ['Last Game', <DateText key="g" value={a.lastGameAt} />],
    ['Risk Score', a.riskScore ?? '-'],
  ];
  const risk = riskEvidenceOf(a.suspiciousPatterns);
  return (
    <>
      <dl data-testid="wallet-analytics" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([name, value]) => (
          <div key={name} className="min-w-0 rounded border border-slate-700 bg-slate-900/70 p-2">
            <dt className="text-[10px] text-slate-400 uppercase">{name}</dt>
            <dd className="mt-0.5 break-words text-slate-100 text-xs">{value}</dd>
          </div>
        ))}
      </dl>
      {risk && risk.signals.length > 0 ? (
        <div className="mt-2 rounded border border-yellow-700 p-2" data-testid="wallet-risk-evidence">
          <RiskEvidenceView evidence={risk} />
        </div>
      ) : null}
    </>
  );
}
