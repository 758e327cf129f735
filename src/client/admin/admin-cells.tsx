import { Link } from 'wouter';
import { adminPlacePath } from '../../common/admin-places.ts';
import { formatDate, formatLamports, formatSol, shortenAddress } from '../../common/format.ts';
import { explorerAddressUrl, explorerTxUrl } from './admin-explorer.ts';
import { useAdminPanel } from './admin-panel-context.tsx';
import { useAdminTimeZone } from './admin-time-zone.tsx';

/** Lamports grouped by thousands, exact (from the wire's decimal string, never through a float). */
export function groupedLamports(lamports: string): string {
  return /^-?\d+$/.test(lamports) ? BigInt(lamports).toLocaleString('en-US') : lamports;
}

/**
 * An amount as the ledger holds it: exact SOL from its lamports (never rounded: 24,250,000 lamports reads
 * 0.02425 SOL), the lamports beneath; a SOL figure alone only where no lamports came with it.
 */
export function Amount({ sol, lamports }: { sol: number | null; lamports: string | null }) {
  if (lamports === null && sol === null) return <span className="text-slate-500">-</span>;
  const text = lamports !== null ? formatLamports(BigInt(lamports)) : formatSol(sol);
  return (
    <span className="inline-flex flex-col whitespace-nowrap leading-tight">
      <span title={lamports ? `${lamports} lamports` : undefined}>{text}</span>
      {lamports && (
        <span data-testid="amount-lamports" className="text-[10px] text-slate-500">
          {groupedLamports(lamports)} lamports
        </span>
      )}
    </span>
  );
}

/** An instant in the back-office's chosen zone (UTC unless the operator chose their own), the zone named. */
export function DateText({ value }: { value: string | null }) {
  const { timeZone } = useAdminTimeZone();
  return (
    <time dateTime={value ?? undefined} className="inline-block min-w-[7.5rem]">
      {formatDate(value, { withTime: true, timeZone, zoneName: true })}
    </time>
  );
}

const LINK = 'text-cyan-300 underline decoration-dotted underline-offset-2 hover:text-cyan-100';

function ExplorerMark({ url, name }: { url: string | null; name: string }) {
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={name}
      className="ml-1 text-slate-400 hover:text-cyan-200"
    >
      ↗
    </a>
  );
}

/** A wallet links to its page in the back-office; the arrow opens it on the cluster's explorer. */
export function WalletLink({ address }: { address: string | null }) {
  const { cluster } = useAdminPanel();
  if (!address) return <span className="text-slate-500">-</span>;
  return (
    <span className="whitespace-nowrap">
      <Link
        href={adminPlacePath({ kind: 'wallet', address })}
        title={address}
        aria-label={`Wallet ${address}`}
        className={LINK}
      >
        {shortenAddress(address)}
      </Link>
      <ExplorerMark url={explorerAddressUrl(address, cluster)} name={`Explorer: wallet ${address}`} />
    </span>
  );
}

/** A signature searches the back-office for it; the arrow opens it on the cluster's explorer. */
export function SignatureLink({ signature }: { signature: string | null }) {
  const { search, cluster } = useAdminPanel();
  if (!signature) return <span className="text-slate-500">-</span>;
  return (
    <span className="whitespace-nowrap">
      <button
        type="button"
        title={signature}
        aria-label={`Signature ${signature}`}
        className={LINK}
        onClick={() => search(signature)}
      >
        {shortenAddress(signature)}
      </button>
      <ExplorerMark url={explorerTxUrl(signature, cluster)} name={`Explorer: transaction ${signature}`} />
    </span>
  );
}

/** An IP links to its page: the wallets seen from it. */
export function IpLink({ ip }: { ip: string | null }) {
  if (!ip) return <span className="text-slate-500">-</span>;
  return (
    <Link href={adminPlacePath({ kind: 'ip', ip })} aria-label={`IP ${ip}`} className={LINK}>
      {ip}
    </Link>
  );
}

/** A game id links to the game's page: its record and its replay. */
export function GameIdLink({ id }: { id: string | null }) {
  if (!id) return <span className="text-slate-500">-</span>;
  return (
    <Link href={adminPlacePath({ kind: 'game', id })} title={id} aria-label={`Game ${id}`} className={LINK}>
      {shortenAddress(id)}
    </Link>
  );
}

/** SPEC §4: a wallet or IP is Active or Banned. */
export function BanBadge({ banned }: { banned: boolean }) {
  return (
    <span
      className={`rounded-full border px-2 py-0.5 text-[10px] uppercase ${
        banned ? 'border-red-500 text-red-300' : 'border-green-500 text-green-300'
      }`}
    >
      {banned ? 'Banned' : 'Active'}
    </span>
  );
}

const SEVERITY_CLASSES: Record<string, string> = {
  critical: 'border-red-500 bg-red-950 text-red-200',
  high: 'border-orange-500 bg-orange-950 text-orange-200',
  error: 'border-orange-500 bg-orange-950 text-orange-200',
  medium: 'border-yellow-500 bg-yellow-950 text-yellow-200',
  warning: 'border-yellow-500 bg-yellow-950 text-yellow-200',
};

export function SeverityBadge({ severity }: { severity: string }) {
  const classes = SEVERITY_CLASSES[severity] ?? 'border-slate-500 bg-slate-900 text-slate-300';
  return (
    <span data-severity={severity} className={`rounded border px-2 py-0.5 text-[10px] uppercase ${classes}`}>
      {severity}
    </span>
  );
}
