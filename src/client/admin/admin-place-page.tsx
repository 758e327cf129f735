import { Link } from 'wouter';
import { ADMIN_TAB_PATHS, type AdminPlace, adminTabOf } from '../../common/admin-places.ts';
import { shortenAddress } from '../../common/format.ts';
import { ADMIN_TABS } from './admin-tabs.tsx';
import { GamePage } from './game-detail-view.tsx';
import { IpWalletsView } from './ip-wallets-view.tsx';
import { WalletDetailView } from './wallet-detail-view.tsx';

type DetailPlace = Exclude<AdminPlace, { kind: 'tab' }>;

function titleOf(place: DetailPlace): string {
  switch (place.kind) {
    case 'wallet':
      return `Wallet ${shortenAddress(place.address)}`;
    case 'ip':
      return `IP ${place.ip}`;
    case 'game':
      return `Game ${shortenAddress(place.id)}`;
  }
}

function descriptionOf(place: DetailPlace): string {
  switch (place.kind) {
    case 'wallet':
      return place.address;
    case 'ip':
      return 'Wallets seen from this IP address';
    case 'game':
      return place.id;
  }
}

/**
 * A game's, wallet's or IP's own page, in place of the tab's list: its address is the page's (a reload or
 * the browser's Back keeps it), and the links inside lead to the next place (a game's wallets, a wallet's
 * games and IPs, an IP's wallets).
 */
export function AdminPlacePage({ place }: { place: DetailPlace }) {
  const tab = adminTabOf(place);
  const label = ADMIN_TABS.find((t) => t.id === tab)?.label ?? '';
  return (
    <section aria-labelledby="admin-place-title" data-testid="admin-place" className="space-y-3">
      <header className="min-w-0">
        <Link href={ADMIN_TAB_PATHS[tab]} className="text-cyan-300 text-xs underline">
          ← {label}
        </Link>
        <h3 id="admin-place-title" className="mt-2 font-bold text-cyan-200 text-sm">
          {titleOf(place)}
        </h3>
        <p className="break-all text-slate-400 text-xs">{descriptionOf(place)}</p>
      </header>
      {place.kind === 'wallet' && <WalletDetailView key={place.address} address={place.address} />}
      {place.kind === 'ip' && <IpWalletsView key={place.ip} ip={place.ip} />}
      {place.kind === 'game' && <GamePage key={place.id} id={place.id} />}
    </section>
  );
}
