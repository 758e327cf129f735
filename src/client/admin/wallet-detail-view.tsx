import { useQuery } from '@tanstack/react-query';
import { adminGameRowSchema } from '../../common/api/admin-rows.ts';
import type { WalletDetail } from '../../common/api/admin-views.ts';
import { walletDetailSchema } from '../../common/api/admin-views.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BanBadge, DateText, SeverityBadge } from './admin-cells.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { WalletBanButton } from './ban-buttons.tsx';
import { BanHistoryTable } from './ban-history-table.tsx';
import { DataTable } from './data-table.tsx';
import { FlagWalletButton, ResolveFlagButton } from './flag-buttons.tsx';
import { GAME_COLUMNS } from './game-columns.tsx';
import { RiskEvidenceView } from './risk-evidence-view.tsx';
import { SupportNotesPanel } from './support-notes-panel.tsx';
import { ADMIN_KEY, useAdminList } from './use-admin-list.ts';
import { WalletAnalyticsGrid } from './wallet-analytics-grid.tsx';
import { WalletIpsTable } from './wallet-ips-table.tsx';
import { WalletLimitsState } from './wallet-limits-state.tsx';
import { WalletMoneyTimeline, WalletMoneyTotalsView } from './wallet-money-timeline.tsx';

function Heading({ children }: { children: string }) {
  return <h4 className="mb-2 font-bold text-green-300 text-xs uppercase tracking-wider">{children}</h4>;
}

function BanAndFlag({ detail }: { detail: WalletDetail }) {
  const { ban, flag } = detail;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="rounded border border-slate-700 p-3 text-xs" data-testid="wallet-ban-state">
        <div className="flex items-center justify-between gap-2">
          <BanBadge banned={detail.isBanned} />
          <WalletBanButton address={detail.walletAddress} banned={detail.isBanned} />
        </div>
        {detail.isBanned && ban && (
          <p className="mt-2 text-slate-300">
            {ban.reason ?? 'No reason'} · {ban.bannedBy ?? 'unknown'} · <DateText value={ban.bannedAt} />
          </p>
        )}
      </div>
      <div className="rounded border border-slate-700 p-3 text-xs" data-testid="wallet-flag-state">
        {flag ? (
          <>
            <div className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                Flagged <SeverityBadge severity={flag.severity} />
              </span>
              <ResolveFlagButton flag={flag} />
            </div>
            <p className="mt-2 break-words text-slate-300">{flag.reason ?? '-'}</p>
            <div className="mt-1 break-words text-slate-500">
              Evidence: <RiskEvidenceView evidence={flag.evidence} />
            </div>
          </>
        ) : (
          <div className="flex items-center justify-between gap-2">
            <span className="text-slate-400">Not flagged</span>
            <FlagWalletButton address={detail.walletAddress} />
          </div>
        )}
      </div>
    </div>
  );
}

function WalletGames({ address }: { address: string }) {
  const list = useAdminList(adminGameRowSchema, `/wallets/${encodeURIComponent(address)}/games`);
  return (
    <DataTable
      label="Wallet Games"
      columns={GAME_COLUMNS}
      list={list}
      rowId={(r) => r.id}
      errorText="Failed to fetch games"
      emptyText="No games for this wallet"
    />
  );
}

/**
 * One wallet: ban and flag state with their actions, its money (totals and the timeline of every search,
 * payment, refund and payout), analytics (SPEC §3), its limits, ban history, IPs and games.
 */
export function WalletDetailView({ address }: { address: string }) {
  const api = useAdminFetch();
  const path = `/wallets/${encodeURIComponent(address)}`;
  const detail = useQuery({
    queryKey: [ADMIN_KEY, path],
    queryFn: ({ signal }) => api.get(walletDetailSchema, path, {}, signal),
  });
  return (
    <div className="space-y-5">
      {detail.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-400 text-xs">
          <Spinner /> Loading...
        </p>
      )}
      {detail.isError && (
        <p role="alert" className="text-red-300 text-xs">
          Failed to fetch this wallet: {detail.error.message}
        </p>
      )}
      {detail.data && (
        <>
          <BanAndFlag detail={detail.data} />
          <section aria-label="Money">
            <Heading>Money</Heading>
            <WalletMoneyTotalsView totals={detail.data.money} />
          </section>
          <section>
            <Heading>Analytics</Heading>
            <WalletAnalyticsGrid analytics={detail.data.analytics} />
          </section>
          <section>
            <Heading>Player Limits</Heading>
            <WalletLimitsState limits={detail.data.limits} />
          </section>
        </>
      )}
      <section aria-label="Support notes">
        <Heading>Support Notes</Heading>
        <SupportNotesPanel kind="wallet" target={address} />
      </section>
      <section aria-label="Money timeline">
        <Heading>Money Timeline</Heading>
        <WalletMoneyTimeline address={address} />
      </section>
      <section>
        <Heading>Ban History</Heading>
        <BanHistoryTable target={{ kind: 'wallet', value: address }} />
      </section>
      <section>
        <Heading>IP Addresses</Heading>
        <WalletIpsTable address={address} />
      </section>
      <section>
        <Heading>Games</Heading>
        <WalletGames address={address} />
      </section>
    </div>
  );
}
