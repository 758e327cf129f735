import type { WalletApi } from './wallet-api.ts';
import type { WalletConfig } from './wallet-config.ts';
import type { WalletState } from './wallet-state.ts';

/** SPEC §2 `?debug=wallet`: what was detected, the connection state and the last wallet error. */
export function WalletDebugPanel({
  state,
  api,
  config,
}: {
  state: WalletState;
  api: WalletApi;
  config: WalletConfig | null;
}) {
  const rows: [string, string][] = [
    ['status', api.status],
    ['wallet', api.walletName ?? '-'],
    ['address', api.publicKey ?? '-'],
    ['signed in', String(api.signedIn)],
    ['balance (lamports)', api.balanceLamports === null ? '-' : api.balanceLamports.toString()],
    ['mobile', String(api.isMobile)],
    ['cluster', config?.cluster ?? 'unknown'],
    ['detected', state.detected.map((w) => w.name).join(', ') || 'none'],
    ['last error', state.lastError ?? '-'],
  ];
  return (
    <aside
      aria-label="Wallet debugger"
      data-testid="wallet-debug-panel"
      className="fixed bottom-2 left-2 z-40 max-w-[calc(100%-1rem)] rounded border border-cyan-400/50 bg-slate-950/95 p-3 font-mono text-[11px] text-slate-300"
    >
      <p className="mb-1 font-bold text-cyan-300">Wallet debug</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
