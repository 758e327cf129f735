import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import type { AdminOverview } from '../../common/api/admin-views.ts';
import { adminOverviewSchema } from '../../common/api/admin-views.ts';
import { formatLamports, formatSol } from '../../common/format.ts';
import { modeLabel } from '../history/history-labels.ts';
import { DateText, groupedLamports, WalletLink } from './admin-cells.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { ADMIN_POLL_MS } from './stat-cards.tsx';
import { ADMIN_KEY } from './use-admin-list.ts';

// The chart library is its own chunk inside the back office: the tables never wait for it.
const OverviewCharts = lazy(() => import('./overview-charts.tsx'));

function Tile({ label, children, tone = 'normal' }: { label: string; children: ReactNode; tone?: Tone }) {
  return (
    <section
      aria-label={label}
      className={`min-w-0 rounded-lg border-2 bg-slate-950/80 p-3 text-xs ${TONES[tone]}`}
    >
      <h3 className="text-[10px] text-slate-400 uppercase tracking-wider">{label}</h3>
      <div className="mt-1">{children}</div>
    </section>
  );
}

type Tone = 'normal' | 'good' | 'bad';
const TONES: Record<Tone, string> = {
  normal: 'border-slate-700',
  good: 'border-green-500/60',
  bad: 'border-red-500/80',
};

function HouseWallet({ house }: { house: AdminOverview['houseWallet'] }) {
  const below = house.balanceSol !== null && house.balanceSol < house.floorSol;
  return (
    <Tile label="House Wallet" tone={house.balanceSol === null || below ? 'bad' : 'good'}>
      <div
        data-testid="house-balance"
        title={house.balanceLamports ? `${house.balanceLamports} lamports` : undefined}
        className={`font-bold text-lg ${below ? 'text-red-300' : 'text-green-300'}`}
      >
        {house.balanceLamports === null ? 'Unavailable' : formatLamports(BigInt(house.balanceLamports))}
      </div>
      <div className="text-slate-400">
        Floor {formatSol(house.floorSol)}
        {below ? ' · BELOW FLOOR' : ''}
      </div>
      <WalletLink address={house.address} />
    </Tile>
  );
}

/** One figure of the house's money: exact SOL, its lamports beneath. */
function Figure({ name, lamports, id }: { name: string; lamports: string; id: string }) {
  return (
    <div data-testid={`house-money-${id}`} className="min-w-0">
      <dt className="text-[10px] text-slate-400">{name}</dt>
      <dd className="font-bold text-slate-100">{formatLamports(BigInt(lamports))}</dd>
      <dd className="text-[10px] text-slate-500">{groupedLamports(lamports)} lamports</dd>
    </div>
  );
}

/**
 * Gross and net side by side, all time, from the ledger: what came in, went back, was paid out, is owed,
 * was kept, is in play; and whether the net is exactly what was kept, owed and in play (it is, unless an
 * entry fee is unaccounted for: reconcile and the sweeper say which).
 */
function HouseMoneyTile({ money }: { money: AdminOverview['money'] }) {
  const accounted = BigInt(money.keptLamports) + BigInt(money.owedLamports) + BigInt(money.liveLamports);
  const gap = BigInt(money.netLamports) - accounted;
  return (
    <Tile label="Money (all time, from the ledger)" tone={gap === 0n ? 'normal' : 'bad'}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        <Figure name="Entry fees in (gross)" lamports={money.volumeInLamports} id="in" />
        <Figure name="Refunded" lamports={money.refundedLamports} id="refunded" />
        <Figure name="Paid out (winnings)" lamports={money.paidOutLamports} id="paid-out" />
        <Figure name="House net" lamports={money.netLamports} id="net" />
        <Figure name="of which kept (commission)" lamports={money.keptLamports} id="kept" />
        <Figure name="of which owed, not sent" lamports={money.owedLamports} id="owed" />
        <Figure name="of which in play" lamports={money.liveLamports} id="live" />
      </dl>
      <p data-testid="house-money-check" className={`mt-2 ${gap === 0n ? 'text-slate-400' : 'text-red-300'}`}>
        {gap === 0n
          ? 'Net = kept + owed + in play, to the lamport.'
          : `Net differs from kept + owed + in play by ${formatLamports(gap)}: an entry fee is unaccounted for (see System Events and reconcile).`}
      </p>
    </Tile>
  );
}

function Reconciliation({ last }: { last: AdminOverview['lastReconciliation'] }) {
  return (
    <Tile label="Last Reconciliation" tone={last ? (last.ok ? 'good' : 'bad') : 'normal'}>
      {last ? (
        <>
          <div className={`font-bold ${last.ok ? 'text-green-300' : 'text-red-300'}`}>
            {last.ok ? 'Balanced' : 'Mismatch'} · <DateText value={last.at} />
          </div>
          <p className="mt-1 break-words text-slate-300">{last.summary}</p>
        </>
      ) : (
        <div className="text-slate-400">Not run yet</div>
      )}
    </Tile>
  );
}

/** Live figures, money safety and the last 30 days at a glance; refreshed every 10 s. */
export function OverviewTab({ onShowCritical }: { onShowCritical(): void }) {
  const api = useAdminFetch();
  const overview = useQuery({
    queryKey: [ADMIN_KEY, '/overview'],
    queryFn: ({ signal }) => api.get(adminOverviewSchema, '/overview', {}, signal),
    refetchInterval: ADMIN_POLL_MS,
  });
  if (overview.isPending)
    return (
      <p role="status" className="p-4 text-slate-400 text-sm">
        Loading...
      </p>
    );
  if (overview.isError)
    return (
      <p role="alert" className="p-4 text-red-300 text-sm">
        Failed to fetch the overview: {overview.error.message}
      </p>
    );
  const o = overview.data;
  const critical = o.unresolvedCriticalEvents;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label="Live Matches">
          <div className="font-bold text-cyan-200 text-lg">{o.live.matches}</div>
        </Tile>
        <Tile label="Players Online">
          <div className="font-bold text-cyan-200 text-lg">{o.live.playersOnline}</div>
        </Tile>
        <Tile label="Critical Events" tone={critical > 0 ? 'bad' : 'good'}>
          <button
            type="button"
            onClick={onShowCritical}
            aria-label={`${critical} unresolved critical events`}
            className={`font-bold text-lg underline decoration-dotted ${critical > 0 ? 'text-red-300' : 'text-green-300'}`}
          >
            {critical}
          </button>
          <div className="text-slate-400">unresolved</div>
        </Tile>
        <HouseWallet house={o.houseWallet} />
      </div>
      <HouseMoneyTile money={o.money} />
      <div className="grid gap-3 md:grid-cols-2">
        <Tile label="Queues">
          <ul className="space-y-0.5">
            {o.live.queues.map((q) => (
              <li key={q.mode} className="flex justify-between gap-2">
                <span>{modeLabel(q.mode)}</span>
                <span className="text-cyan-200">{q.waiting} waiting</span>
              </li>
            ))}
          </ul>
        </Tile>
        <Reconciliation last={o.lastReconciliation} />
      </div>
      <Suspense fallback={<p className="text-slate-400 text-xs">Loading charts...</p>}>
        <OverviewCharts daily={o.daily} />
      </Suspense>
    </div>
  );
}
