import { lazy } from 'react';
import { GamePage } from './screens/game-page.tsx';
import { GameProvider } from './state/game-provider.tsx';
import { ChunkBoundary } from './ui/chunk-boundary.tsx';
import { LocalWalletPanel } from './wallet/local-wallet-panel.tsx';
import { useWallet } from './wallet/wallet-api.ts';
import { WalletButton } from './wallet/wallet-button.tsx';
import { WalletProvider } from './wallet/wallet-provider.tsx';

// The history panel is a chunk of its own: a first visit without a wallet never loads it.
const TransactionHistoryPanel = lazy(() => import('./history/transaction-history-panel.tsx'));

/**
 * The home route (SPEC §2 "/"): the wallet and game providers live here, so admin pages never load a wallet
 * or open the game channel.
 */
export function HomePage() {
  return (
    <WalletProvider>
      <GameProvider>
        <HomeContent />
      </GameProvider>
    </WalletProvider>
  );
}

/** The wallet bar above the game page, whose screen follows the game state. */
function HomeContent() {
  const wallet = useWallet();
  const history =
    wallet.status === 'connected' && wallet.publicKey ? (
      <ChunkBoundary>
        <TransactionHistoryPanel />
      </ChunkBoundary>
    ) : undefined;
  return (
    <div className="flex w-full flex-col items-center">
      <div className="mb-2 flex w-full max-w-4xl flex-wrap items-center justify-center gap-2 sm:justify-end sm:gap-3">
        <LocalWalletPanel />
        <WalletButton />
      </div>
      <GamePage historyPanel={history} />
    </div>
  );
}
