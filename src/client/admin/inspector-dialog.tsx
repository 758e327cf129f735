import { shortenAddress } from '../../common/format.ts';
import { AdminDialog } from './admin-dialog.tsx';
import type { InspectTarget } from './admin-panel-context.tsx';
import { GameDetailView } from './game-detail-view.tsx';
import { IpWalletsView } from './ip-wallets-view.tsx';
import { WalletDetailView } from './wallet-detail-view.tsx';

function titleOf(target: InspectTarget): string {
  switch (target.kind) {
    case 'wallet':
      return `Wallet ${shortenAddress(target.address)}`;
    case 'ip':
      return `IP ${target.ip}`;
    case 'game':
      return `Game ${shortenAddress(target.game.id)}`;
  }
}

function descriptionOf(target: InspectTarget): string {
  switch (target.kind) {
    case 'wallet':
      return target.address;
    case 'ip':
      return 'Wallets seen from this IP address';
    case 'game':
      return target.game.id;
  }
}

/**
 * One dialog for the details reached by clicking: a wallet, an IP, a game. Following a link inside it (a
 * wallet's IP, an IP's wallet) stacks the next view; 'Back' returns to the previous one.
 */
export function InspectorDialog({
  stack,
  onBack,
  onClose,
}: {
  stack: InspectTarget[];
  onBack(): void;
  onClose(): void;
}) {
  const target = stack.at(-1);
  return (
    <AdminDialog
      open={target !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={target ? titleOf(target) : ''}
      description={target ? descriptionOf(target) : ''}
      width="wide"
    >
      {stack.length > 1 && (
        <button type="button" onClick={onBack} className="mt-2 text-cyan-300 text-xs underline">
          ← Back
        </button>
      )}
      <div className="mt-3" data-testid="inspector">
        {target?.kind === 'wallet' && <WalletDetailView key={target.address} address={target.address} />}
        {target?.kind === 'ip' && <IpWalletsView key={target.ip} ip={target.ip} />}
        {target?.kind === 'game' && <GameDetailView key={target.game.id} game={target.game} />}
      </div>
    </AdminDialog>
  );
}
