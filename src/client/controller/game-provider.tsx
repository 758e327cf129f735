import {
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type Clock, systemClock } from '../../common/clock.ts';
import type { SocketFactory } from '../game-channel/socket.ts';
import type { Timers } from '../game-channel/timers.ts';
import { type GameApi, GameContext, type TransactionNotice } from '../state/game-api.ts';
import { IDLE_CONNECTION, IDLE_MATCH_FEED, initialGameView } from '../state/initial-view.ts';
import { dispatchWalletTransaction } from '../state/wallet-transaction-event.ts';
import { type StoredValues, storedValues } from '../storage/stored-values.ts';
import { useWallet } from '../wallet/wallet-api.ts';
import type { ControllerSnapshot, GameController, WalletFacts } from './game-controller.ts';

export interface GameProviderProps {
  children: ReactNode;
  /** Tests inject these; the browser's own otherwise. */
  clock?: Clock;
  timers?: Timers;
  createSocket?: SocketFactory;
  stored?: StoredValues;
}

/**
 * Before the controller loads (it loads at sign-in), whether storage holds a game this page may rejoin: a
 * first guess only, on the first page's path, so without the controller's rules of age.
 */
const storedRejoinHint = (stored: StoredValues) =>
  stored.walletType.get() !== null && (stored.currentGameId.get() ?? stored.lastGameState.get()) !== null;

const noSubscription = () => () => {};
const nothing = () => {};

/**
 * Implements GameApi (state/game-api.ts) for the screens: the reducer's view, the game channel and the
 * match feed (the ball's prediction), run by one controller (state/game-controller.ts). Mounted inside the WalletProvider: the
 * channel opens once the wallet has signed in (SPEC §4). Until then nothing can happen in
 * a game, so the controller, the channel and the protocol's schemas load only at the first sign-in
 * (not on the first page's path); the screens see the lobby's empty view meanwhile.
 */
export function GameProvider({ children, clock, timers, createSocket, stored }: GameProviderProps) {
  const wallet = useWallet();
  const walletFacts = useRef<WalletFacts>({ publicKey: null, balanceLamports: null });
  walletFacts.current = { publicKey: wallet.publicKey, balanceLamports: wallet.balanceLamports };
  const walletRef = useRef(wallet);
  walletRef.current = wallet;
  const store = stored ?? storedValues;
  const [controller, setController] = useState<GameController | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [idle] = useState<ControllerSnapshot>(() => ({
    // A reload during a match (or at its game-over screen) waits to hear it again, never showing the lobby
    // (the controller, once loaded, tells a stale stored game from a live one: rejoin-hint.ts).
    view: initialGameView(store.sessionId.get(), storedRejoinHint(store)),
    connection: IDLE_CONNECTION,
  }));
  const signedIn = wallet.signedIn && wallet.publicKey !== null;
  // Listeners may subscribe before the controller exists (a panel mounted before sign-in): they are kept
  // here and hear every notification once it does.
  const noticeListeners = useRef(new Set<(notice: TransactionNotice) => void>());
  const onTransactionNotification = useCallback((listener: (notice: TransactionNotice) => void) => {
    noticeListeners.current.add(listener);
    return () => {
      noticeListeners.current.delete(listener);
    };
  }, []);

  useEffect(() => {
    if (!signedIn || controller) return;
    let cancelled = false;
    void Promise.all([
      import('./game-controller.ts'),
      import('../game-channel/socket.ts'),
      import('../game-channel/timers.ts'),
    ]).then(
      ([{ createGameController }, socket, browser]) => {
        if (cancelled) return;
        setController(
          createGameController({
            clock: clock ?? systemClock,
            timers: timers ?? browser.browserTimers,
            stored: store,
            createSocket: createSocket ?? socket.browserSocket,
            ...(typeof window === 'undefined' ? {} : { network: socket.browserNetworkEvents }),
            page: globalThis.location ?? { protocol: 'http:', host: 'localhost' },
            wallet: () => walletFacts.current,
            onSessionEnded: () => walletRef.current.sessionEnded?.(),
            dispatchWalletTransaction: (detail) => dispatchWalletTransaction(detail),
          }),
        );
      },
      (error: unknown) => {
        // The game code is a chunk of its own; without it nothing can be played: the page says to reload.
        if (!cancelled) setLoadError(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [signedIn, controller, clock, timers, createSocket, store]);

  useEffect(() => {
    if (!controller) return;
    controller.setIdentity(wallet.signedIn, wallet.publicKey);
    // Unmounted (or StrictMode's trial unmount): the socket closes; the next mount opens it again.
    return () => controller.setIdentity(false, null);
  }, [controller, wallet.signedIn, wallet.publicKey]);

  useEffect(() => {
    if (!controller) return;
    return controller.onTransactionNotification((notice) => {
      for (const listener of noticeListeners.current) listener(notice);
    });
  }, [controller]);

  const snapshot = useSyncExternalStore(
    controller ? controller.subscribe : noSubscription,
    controller ? controller.getSnapshot : () => idle,
    controller ? controller.getSnapshot : () => idle,
  );
  const api = useMemo<GameApi>(
    () =>
      controller
        ? {
            view: snapshot.view,
            connection: snapshot.connection,
            match: controller.match,
            findMatch: controller.findMatch,
            cancelSearch: controller.cancelSearch,
            playHouseBot: controller.playHouseBot,
            paddleMove: controller.paddleMove,
            playAgain: controller.playAgain,
            exit: controller.exit,
            forceDisconnect: controller.forceDisconnect,
            reconnectNow: controller.reconnectNow,
            dismissSettled: controller.dismissSettled,
            returnToMenu: controller.returnToMenu,
            onTransactionNotification,
          }
        : {
            view: idle.view,
            connection: idle.connection,
            match: IDLE_MATCH_FEED,
            findMatch: nothing,
            cancelSearch: nothing,
            playHouseBot: nothing,
            paddleMove: nothing,
            playAgain: nothing,
            exit: nothing,
            forceDisconnect: nothing,
            reconnectNow: nothing,
            dismissSettled: nothing,
            returnToMenu: nothing,
            onTransactionNotification,
          },
    [controller, snapshot, idle, onTransactionNotification],
  );
  // Thrown while rendering so that the app's ChunkBoundary shows its reload notice (ui/chunk-boundary.tsx).
  if (loadError) throw loadError;
  return <GameContext.Provider value={api}>{children}</GameContext.Provider>;
}
