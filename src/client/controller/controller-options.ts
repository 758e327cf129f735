import type { Clock } from '../../common/clock.ts';
import type { NetworkEvents, SocketFactory } from '../game-channel/socket.ts';
import type { Timers } from '../game-channel/timers.ts';
import type { ConnectionInfo } from '../state/game-api.ts';
import type { GameView } from '../state/game-view.ts';
import type { WalletTransactionDetail } from '../state/wallet-transaction-event.ts';
import type { StoredValues } from '../storage/stored-values.ts';

/** What the game controller reads of the wallet when it builds a message. */
export interface WalletFacts {
  publicKey: string | null;
  balanceLamports: bigint | null;
}

export interface GameControllerOptions {
  clock: Clock;
  timers: Timers;
  stored: StoredValues;
  createSocket: SocketFactory;
  /** The browser's `online`/`offline` events: a lost network shows at once, a returned one is tried at once. */
  network?: NetworkEvents;
  /** The page the socket's URL is built from (SPEC §7: the same host, wss on https). */
  page: { protocol: string; host: string };
  wallet: () => WalletFacts;
  /** performance.now(): the clock the server clock's offset is taken against (the game loop draws on it). */
  monotonicNow?: () => number;
  /** The server ended the sign-in session (a sign-out elsewhere, a ban): the wallet is signed out. */
  onSessionEnded?: (why: 'signedOut' | 'restricted') => void;
  /** Where `refund_processed` and transaction events go (the window in a browser). */
  dispatchWalletTransaction?: (detail: WalletTransactionDetail) => void;
}

/** What the controller publishes to React: the view and the connection's health. */
export interface ControllerSnapshot {
  view: GameView;
  connection: ConnectionInfo;
}
