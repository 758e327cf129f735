import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type IpDetail, ipDetailSchema } from '../../common/api/admin-views.ts';
import { BanBadge, DateText } from './admin-cells.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { IpBanButton } from './ban-buttons.tsx';
import { ADMIN_KEY } from './use-admin-list.ts';

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[10px] text-slate-400 uppercase">{name}</dt>
      <dd className="break-words text-slate-100">{children}</dd>
    </div>
  );
}

/** Where an address is, in words: 'Berlin, DE', or that the tracker has no place for it. */
const placeText = (ip: IpDetail) => [ip.city, ip.region, ip.country].filter(Boolean).join(', ') || 'Unknown';

/** Its wallets' risk in one line an operator reads at a glance. */
function riskText({ risk }: IpDetail): string {
  const parts = [
    `${risk.wallets} wallet${risk.wallets === 1 ? '' : 's'}`,
    `${risk.bannedWallets} banned`,
    `${risk.flaggedWallets} flagged`,
    `${risk.suspiciousLinks} suspicious link${risk.suspiciousLinks === 1 ? '' : 's'}`,
  ];
  return parts.join(' · ');
}

/** An IP's page header: its ban with who, when and why (and the action), where it is, how often, its risk. */
export function IpSummary({ ip }: { ip: string }) {
  const api = useAdminFetch();
  const path = `/ips/${encodeURIComponent(ip)}`;
  const detail = useQuery({
    queryKey: [ADMIN_KEY, path],
    queryFn: ({ signal }) => api.get(ipDetailSchema, path, {}, signal),
  });
  if (detail.isPending) return <p className="text-slate-400 text-xs">Loading...</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-300 text-xs">
        Failed to fetch this IP: {detail.error.message}
      </p>
    );
  const d = detail.data;
  const risky = d.risk.bannedWallets > 0 || d.risk.flaggedWallets > 0 || (d.risk.highestRiskScore ?? 0) >= 50;
  return (
    <div className="grid gap-3 text-xs sm:grid-cols-2" data-testid="ip-summary">
      <div className="rounded border border-slate-700 p-3" data-testid="ip-ban-state">
        <div className="flex items-center justify-between gap-2">
          <BanBadge banned={d.isBanned} />
          <IpBanButton ip={ip} banned={d.isBanned} withReason />
        </div>
        {d.isBanned && (
          <p className="mt-2 break-words text-slate-300">
            {d.bannedReason ?? 'No reason'} · {d.bannedBy ?? 'unknown'} · <DateText value={d.bannedAt} />
          </p>
        )}
        {!d.seen && <p className="mt-2 text-slate-400">Never seen by the server.</p>}
      </div>
      <div
        className={`rounded border p-3 ${risky ? 'border-amber-500/70' : 'border-slate-700'}`}
        data-testid="ip-risk"
      >
        <dl className="grid grid-cols-2 gap-2">
          <Field name="Place">{placeText(d)}</Field>
          <Field name="Connections">{d.totalConnections}</Field>
          <Field name="First seen">
            <DateText value={d.firstSeen} />
          </Field>
          <Field name="Last seen">
            <DateText value={d.lastSeen} />
          </Field>
          <Field name="Highest risk score">{d.risk.highestRiskScore ?? 'Not measured'}</Field>
          <Field name="Wallets">{riskText(d)}</Field>
        </dl>
      </div>
    </div>
  );
}
