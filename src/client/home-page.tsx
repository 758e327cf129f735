import { lazy, useEffect } from 'react';
import { useLocation, useRoute } from 'wouter';
import { PAGE_ROUTES } from '../common/page-routes.ts';
import { GameProvider } from './controller/game-provider.tsx';
import { LobbyScreen } from './lobby/lobby-screen.tsx';
import { GamePage } from './screens/game-page.tsx';
import { useGame } from './state/game-api.ts';
import { ChunkBoundary } from './ui/chunk-boundary.tsx';
import { ToastAnchor } from './ui/toast-viewport.tsx';
import { useWallet } from './wallet/wallet-api.ts';
import { WalletProvider } from './wallet/wallet-provider.tsx';
import { WalletBar } from './wallet-bar.tsx';

// The history panel (with the Limits panel above it in the lobby) is a chunk of its own: a first visit without
// a wallet never loads it.
const TransactionHistoryPanel = lazy(() => import('./limits/limits-and-history.tsx'));

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

/** The wallet bar (with the toasts' anchor under it) above the game page, whose screen follows the game state. */
function HomeContent() {
  const wallet = useWallet();
  const game = useGame();
  const [, params] = useRoute<{ code: string }>(PAGE_ROUTES.challenge);
  const [, navigate] = useLocation();
  const challengeCode = params?.code;
  const matched = game.view.gameId !== null;
  // The challenge's link has done its work once the match is found: the lobby after it is the plain one.
  useEffect(() => {
    if (challengeCode && matched) navigate(PAGE_ROUTES.home, { replace: true });
  }, [challengeCode, matched, navigate]);
  const history =
    wallet.status === 'connected' && wallet.publicKey ? (
      <ChunkBoundary>
        <TransactionHistoryPanel />
      </ChunkBoundary>
    ) : undefined;
  return (
    <div className="flex w-full flex-col items-center">
      <WalletBar />
      <ToastAnchor />
      <GamePage historyPanel={history} lobby={<LobbyScreen challengeCode={challengeCode} />} />
    </div>
  );
}
