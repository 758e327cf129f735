import { useCallback, useEffect, useRef, useState } from 'react';
import { type Clock, systemClock } from '../../common/clock.ts';
import { onWalletTransaction, type WalletTransactionDetail } from '../state/wallet-transaction-event.ts';
import { fetchHistory } from './history-fetch.ts';
import { createHistoryLoader, type HistoryLoader } from './history-loader.ts';
import { type HistoryTransaction, isPayout } from './history-transaction.ts';
import { judgeNotice, NOTICE_BUFFER, type SeenNotice } from './notice-filter.ts';

/** SPEC §4/§9 refresh timings. */
export const NOTICE_REFRESH_MS = 1000;
export const PAYOUT_REINFORCE_MS = 500;
export const GAME_OVER_SECOND_REFRESH_MS = 3000;
/**
 * A transfer still on its way (a refund or payout 'pending' or 'processing') is asked after again, sooner
 * first and then less often, until it is settled: its status turns 'confirmed' without a manual refresh.
 */
export const IN_FLIGHT_REFRESH_MS = [2_000, 4_000, 8_000, 15_000] as const;

/** A transfer the server is still sending; one held for review waits for an operator, not for the chain. */
export const isInFlight = (t: HistoryTransaction) =>
  (t.status === 'pending' || t.status === 'processing') && t.held_for_review !== true;

/** SPEC §8 panel messages (and the signed-out state, which SPEC does not show). */
export const PANEL_ERRORS = {
  connect: 'Failed to connect to transaction service',
  refresh: 'Failed to refresh transactions',
  noWallet: 'No wallet address available',
  /** Connected but not (yet) signed in: the history is only for the wallet's signed-in session. */
  signIn: 'Sign in with your wallet to see its transactions',
} as const;

export interface TransactionHistoryState {
  /** Server rows plus notifications not in them yet, newest first as the server gave them. */
  transactions: HistoryTransaction[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** First load failed: the panel message and the cause (SPEC §8 history messages). */
  error: { message: string; detail: string } | null;
  /** A later refresh failed; the rows shown are the last good ones. */
  refreshFailed: boolean;
  refreshing: boolean;
  lastUpdated: number | null;
  refresh(): void;
}

/** Rows from the server win; a notification stays only until a fetch brings its row. */
function merge(rows: HistoryTransaction[], live: HistoryTransaction[]): HistoryTransaction[] {
  const ids = new Set(rows.map((t) => t.id));
  return [...live.filter((t) => !ids.has(t.id)), ...rows];
}

/**
 * The panel's data and SPEC §4's refresh rules: a load when the wallet changes; at game over one refresh
 * at once and one 3 s later; after a wallet-transaction event a full refresh 1 s later, and for a payout a
 * reinforcing one 500 ms later. Notifications are de-duplicated (SPEC §5) and shown until the refresh.
 */
export function useTransactionHistory(options: {
  wallet: string | null;
  /** Changes to a non-null value when a game ends (its id). */
  gameOverKey: string | null;
  clock?: Clock;
  loader?: HistoryLoader;
}): TransactionHistoryState {
  const { wallet, gameOverKey } = options;
  const clock = options.clock ?? systemClock;
  const [loader] = useState(() => options.loader ?? createHistoryLoader({ fetchHistory, clock }));
  const [rows, setRows] = useState<HistoryTransaction[]>([]);
  const [live, setLive] = useState<HistoryTransaction[]>([]);
  const [status, setStatus] = useState<TransactionHistoryState['status']>('idle');
  const [error, setError] = useState<TransactionHistoryState['error']>(null);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [lastUpdated, setLastUpdated] = useState<number | null>(null);
  const current = useRef(wallet);
  current.current = wallet;
  const hasRows = useRef(false);
  const seen = useRef<SeenNotice[]>([]);
  const inFlight = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const load = useCallback(
    async (fresh: boolean) => {
      const target = current.current;
      if (!target) return;
      inFlight.current++;
      setRefreshing(true);
      try {
        const next = await loader.load(target, { fresh });
        if (current.current !== target) return;
        const ids = new Set(next.map((t) => t.id));
        setRows(next);
        setLive((l) => l.filter((t) => !ids.has(t.id)));
        setStatus('ready');
        setError(null);
        setRefreshFailed(false);
        setLastUpdated(clock.now());
        hasRows.current = true;
      } catch (thrown) {
        if (current.current !== target) return;
        const detail = thrown instanceof Error ? thrown.message : String(thrown);
        console.warn('history: fetch failed', thrown);
        if (hasRows.current) setRefreshFailed(true);
        else {
          setStatus('error');
          setError({ message: PANEL_ERRORS.connect, detail });
        }
      } finally {
        inFlight.current--;
        if (inFlight.current === 0) setRefreshing(false);
      }
    },
    [loader, clock],
  );

  // SPEC §4: wallet connect, disconnect or account change refreshes.
  useEffect(() => {
    setRows([]);
    setLive([]);
    setError(null);
    setRefreshFailed(false);
    setLastUpdated(null);
    hasRows.current = false;
    seen.current = [];
    // Refreshes scheduled for the previous wallet are void.
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setStatus(wallet ? 'loading' : 'idle');
    if (wallet) void load(false);
  }, [wallet, load]);

  const refreshAfter = useCallback(
    (ms: number) => {
      if (timers.current.has(ms)) return;
      timers.current.set(
        ms,
        setTimeout(() => {
          timers.current.delete(ms);
          void load(true);
        }, ms),
      );
    },
    [load],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  // After each answer that still holds a transfer on its way, one more refresh, backing off.
  const inFlightPolls = useRef(0);
  useEffect(() => {
    if (!rows.some(isInFlight)) {
      inFlightPolls.current = 0;
      return;
    }
    const step = Math.min(inFlightPolls.current, IN_FLIGHT_REFRESH_MS.length - 1);
    inFlightPolls.current++;
    refreshAfter(IN_FLIGHT_REFRESH_MS[step]!);
  }, [rows, refreshAfter]);

  // Not undone when the game-over screen closes: the payout lands after it.
  useEffect(() => {
    if (!gameOverKey || !current.current) return;
    void load(true);
    refreshAfter(GAME_OVER_SECOND_REFRESH_MS);
  }, [gameOverKey, load, refreshAfter]);

  useEffect(
    () =>
      onWalletTransaction((detail: WalletTransactionDetail) => {
        if (!current.current) return;
        if (!detail?.transaction) {
          refreshAfter(NOTICE_REFRESH_MS);
          return;
        }
        const judged = judgeNotice(seen.current, detail, { wallet: current.current, now: clock.now() });
        seen.current = judged.seen;
        const taken = judged.transaction;
        if (!taken) return;
        setLive((l) => [taken, ...l.filter((t) => t.id !== taken.id)].slice(0, NOTICE_BUFFER));
        refreshAfter(NOTICE_REFRESH_MS);
        if (isPayout(taken)) refreshAfter(PAYOUT_REINFORCE_MS);
      }),
    [clock, refreshAfter],
  );

  return {
    transactions: merge(rows, live),
    status,
    error,
    refreshFailed,
    refreshing,
    lastUpdated,
    refresh: () => void load(true),
  };
}
