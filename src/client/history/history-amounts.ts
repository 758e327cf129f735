import { formatLamports, LAMPORTS_PER_SOL } from '../../common/format.ts';
import { getGameMode, isGameModeId } from '../../common/game-modes.ts';
import type { GroupOutcome } from './group-kinds.ts';
import { type HistoryTransaction, isPayout } from './history-transaction.ts';

/**
 * The history's amounts, worked in lamports: the server sends SOL for display (SPEC §3), whole lamports
 * apart, so each is taken back to its lamports once and every sum and difference is exact.
 */

/** The lamports a SOL figure of the history stands for. */
export function lamportsOfSol(sol: number): bigint {
  return BigInt(Math.round(sol * Number(LAMPORTS_PER_SOL)));
}

/**
 * One amount, the same text wherever it shows (group, row, details): SPEC §9's 4 decimals, and more when the
 * lamports need them, so a cancel's 3% of 0.025 reads 0.00075, never a rounded 0.0008.
 */
export function solAmountText(lamports: bigint, signed = false): string {
  const sign = !signed || lamports === 0n ? (lamports < 0n ? '-' : '') : lamports > 0n ? '+' : '-';
  return `${sign}${formatLamports(lamports < 0n ? -lamports : lamports, 4)}`;
}

/** A row's own amount as the panel shows it. */
export function rowAmountText(t: Pick<HistoryTransaction, 'amount'>): string {
  return solAmountText(lamportsOfSol(t.amount));
}

const sumOf = (rows: HistoryTransaction[]) => rows.reduce((total, t) => total + lamportsOfSol(t.amount), 0n);

/**
 * What a game or a search came to for this player, in lamports: what came back (the payout, at most one per
 * game; refunds) less what was paid in (the entry, from its row, else from the game's mode). Null while it
 * is still open (an entry with no result yet) and for practice, which moves no money.
 */
export function netLamports(
  rows: HistoryTransaction[],
  outcome: GroupOutcome,
  gameMode: string | null,
  isGame: boolean,
): bigint | null {
  if (outcome === 'pending') return null;
  const mode = gameMode && isGameModeId(gameMode) ? getGameMode(gameMode) : null;
  if (mode && mode.wagerLamports === 0n) return null;
  const entries = rows.filter((t) => t.type === 'entry_fee');
  const paidIn = entries.length > 0 ? sumOf(entries) : isGame && mode ? mode.wagerLamports : 0n;
  const payouts = rows.filter(isPayout).map((t) => lamportsOfSol(t.amount));
  // One payout per game (ARCHITECTURE invariant 3): a twin row must not double it.
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take.
  const paidOut = payouts.length > 0 ? payouts.reduce((a, b) => (a > b ? a : b)) : 0n;
  const refunded = sumOf(rows.filter((t) => t.type === 'refund'));
  return paidOut + refunded - paidIn;
}
