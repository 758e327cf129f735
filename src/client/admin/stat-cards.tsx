import { useQuery } from '@tanstack/react-query';
import { adminStatsSchema } from '../../common/api/admin-views.ts';
import { groupedLamports } from './admin-cells.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { ADMIN_KEY } from './use-admin-list.ts';

/** The overview figures refresh on their own every 10 s (the rest of the panel refetches after actions). */
export const ADMIN_POLL_MS = 10_000;

function Card({
  label,
  value,
  hint,
  title,
}: {
  label: string;
  value: string;
  hint?: string;
  title?: string;
}) {
  return (
    <div
      data-testid={`stat-${label}`}
      className="min-w-0 rounded-lg border-2 border-cyan-400/30 bg-slate-950/90 p-3 font-retro"
    >
      <div className="text-[10px] text-slate-400 uppercase tracking-wider">{label}</div>
      <div title={title} className="mt-1 truncate font-bold text-green-300 text-lg">
        {value}
      </div>
      {hint && <div className="text-[10px] text-slate-500">{hint}</div>}
    </div>
  );
}

/** SPEC §2: Total Volume (from entry fees), Total Transactions, Unique Wallets, Total Payouts. */
export function StatCards() {
  const api = useAdminFetch();
  const stats = useQuery({
    queryKey: [ADMIN_KEY, '/stats'],
    queryFn: ({ signal }) => api.get(adminStatsSchema, '/stats', {}, signal),
    refetchInterval: ADMIN_POLL_MS,
  });
  const s = stats.data;
  const dash = stats.isError ? '!' : '...';
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Card
        label="Total Volume"
        value={s?.totalVolume ?? dash}
        hint={s ? `${groupedLamports(s.totalVolumeLamports)} lamports, from entry fees` : 'from entry fees'}
        title={s ? `${s.totalVolumeLamports} lamports` : undefined}
      />
      <Card label="Total Transactions" value={s ? String(s.totalTransactions) : dash} />
      <Card label="Unique Wallets" value={s ? String(s.uniqueWallets) : dash} />
      <Card
        label="Total Payouts"
        value={s?.totalPayouts ?? dash}
        {...(s ? { hint: `${groupedLamports(s.totalPayoutsLamports)} lamports` } : {})}
        title={s ? `${s.totalPayoutsLamports} lamports` : undefined}
      />
    </div>
  );
}
