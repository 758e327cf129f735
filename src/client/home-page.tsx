import { lazy } from 'react';
import { GameProvider } from './controller/game-provider.tsx';
import { GamePage } from './screens/game-page.tsx';
import { ChunkBoundary } from './ui/chunk-boundary.tsx';
import { useWallet } from './wallet/wallet-api.ts';
import { WalletProvider } from './wallet/wallet-provider.tsx';
import { WalletBar } from './wallet-bar.tsx';

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
      <WalletBar />
      <GamePage historyPanel={history} />
    </div>
  );
}
