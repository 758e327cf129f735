import { type ComponentType, lazy, type ReactNode, useState } from 'react';
import { LobbyScreen } from '../lobby/lobby-screen.tsx';
import { useGame } from '../state/game-api.ts';
import { ChunkBoundary } from '../ui/chunk-boundary.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ConnectionLostPanel } from './connection-lost.tsx';
import { CountdownScreen } from './countdown-screen.tsx';
import { GameNotices } from './game-notices.tsx';
import { GameOverScreen } from './game-over-screen.tsx';
import { OpponentDisconnectedOverlay } from './opponent-disconnected-overlay.tsx';
import { ReconnectDialog, reconnectDialogOpen } from './reconnect-dialog.tsx';
import { chooseScreen } from './screen-rules.ts';
import { useScrollToTopOnChange } from './use-scroll-to-top.ts';
import { WaitScreen } from './wait-screen.tsx';

/** The canvas, its audio and input load only when a game starts (not on first paint). */
const LazyGameScreen = lazy(() => import('../game/game-screen.tsx'));
/**
 * The connection banner and what became of a search the server closed (held-notices.tsx), in their own chunk.
 * The banner shows while the server, which serves the chunks, is down: so the chunk is mounted (fetched) with
 * the lobby, long before it has anything to show.
 */
const LazyHeldNotices = lazy(() => import('./held-notices.tsx'));
/** The neutral wait of a page that reloaded during a match: only such a page needs it. */
const LazyRejoiningScreen = lazy(() => import('./rejoining-screen.tsx'));

export interface GamePageProps {
  /** The start screen; the lobby by default. */
  lobby?: ReactNode;
  /** The transaction history panel, under the lobby, the game and game over (its own chunk; the app passes it in). */
  historyPanel?: ReactNode;
  /** The game screen; tests pass a stand-in for the canvas. */
  gameScreen?: ComponentType<{ historyPanel?: ReactNode }>;
}

/**
 * The home route's game page (SPEC §2): one screen chosen from the game view (start, loading, countdown,
 * game, game over), the opponent-disconnected overlay, the reconnect dialog and the game's toasts. It only
 * reads useGame(); it never touches the socket.
 */
export function GamePage({ lobby, historyPanel, gameScreen: Game = LazyGameScreen }: GamePageProps) {
  const { view, returnToMenu } = useGame();
  // The rejoining screen gives up after its patience: then the view's own screen, the lobby.
  const [gaveUp, setGaveUp] = useState(false);
  const chosen = chooseScreen(view);
  const screen = chosen === 'rejoining' && gaveUp ? 'start' : chosen;
  // SPEC §2 flows change the screen in place: each new screen starts at the top of the page, but the game,
  // which scrolls its canvas into view itself where the window is too short for it.
  useScrollToTopOnChange(screen, screen === 'game');
  return (
    <div
      data-screen={screen}
      // The game and its score as the page holds them, for the browser tests (the canvas draws the score).
      data-game-id={view.gameId ?? undefined}
      data-scores={view.gameId ? view.data.scores.join('-') : undefined}
      className="relative flex w-full flex-col items-center"
    >
      {(screen === 'start' || screen === 'loading') && (
        <ChunkBoundary>
          <LazyHeldNotices />
        </ChunkBoundary>
      )}
      {screen === 'start' && (lobby ?? <LobbyScreen />)}
      {screen === 'rejoining' && (
        <ChunkBoundary>
          <LazyRejoiningScreen onGiveUp={setGaveUp} />
        </ChunkBoundary>
      )}
      {screen === 'loading' && <WaitScreen />}
      {screen === 'countdown' && <CountdownScreen />}
      {screen === 'game' && (
        <>
          <ChunkBoundary fallback={<Spinner className="mt-10 h-8 w-8 text-cyan-300" />}>
            <Game historyPanel={historyPanel} />
          </ChunkBoundary>
          {view.isDisconnected && !reconnectDialogOpen(view) && (
            // Over the canvas, which stays mounted: a reconnect picks the game up where it was. Never behind
            // the reconnect dialog: while it shows, it alone says whether the seat is held and for how long.
            <div className="absolute inset-x-0 top-10 z-30 px-4">
              <ConnectionLostPanel where="game" onReturn={returnToMenu} />
            </div>
          )}
        </>
      )}
      {screen === 'gameOver' && <GameOverScreen />}
      {(screen === 'start' || screen === 'gameOver') && historyPanel && (
        // The game screen shows it under the game; the lobby and game over show it too, so a player sees
        // the result and the payout of the game just played (both history panels).
        <div className="mt-6 w-full max-w-[800px]">{historyPanel}</div>
      )}
      <OpponentDisconnectedOverlay />
      <ReconnectDialog />
      <GameNotices />
    </div>
  );
}
