import type { GroupOutcome, GroupType } from './group-kinds.ts';
import { lamportsOfSol, netLamports } from './history-amounts.ts';
import { movesMoney } from './history-labels.ts';
import { type HistoryTransaction, isPayout } from './history-transaction.ts';

export type { GroupOutcome, GroupType } from './group-kinds.ts';

export interface TransactionGroup {
  /** Stable React key: the game id, else the entry the rows belong to. */
  key: string;
  gameId: string | null;
  /** Newest first. */
  transactions: HistoryTransaction[];
  gameMode: string | null;
  /** The newest row's created_at. */
  timestamp: string | null;
  /**
   * The headline amount in lamports: what the game or search came to for the player (`signed`: a paid win
   * +0.0125, a loss -0.025, a cancel -0.00075 for Smol Shrimp), or while it is open the entry paid in
   * (unsigned). Null for a game that moves no money (practice): no amount is shown.
   */
  headline: { lamports: bigint; signed: boolean } | null;
  /** The game ended by a forfeit (a player left, or did not come back within the reconnection window). */
  forfeit: boolean;
  groupType: GroupType;
  outcome: GroupOutcome;
  opponent: string | null;
  score: string | null;
}

const time = (t: HistoryTransaction) => {
  const ms = t.created_at ? Date.parse(t.created_at) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};
const newestFirst = (a: HistoryTransaction, b: HistoryTransaction) => time(b) - time(a);
const first = <T>(rows: HistoryTransaction[], pick: (t: HistoryTransaction) => T | null): T | null => {
  for (const t of rows) {
    const value = pick(t);
    if (value !== null) return value;
  }
  return null;
};

const won = (t: HistoryTransaction) =>
  t.player_won === true || t.game_outcome === 'win' || t.perspective_type === 'game_win' || isPayout(t);
const lost = (t: HistoryTransaction) =>
  t.player_won === false || t.game_outcome === 'loss' || t.perspective_type === 'game_loss';

/**
 * A game's outcome from all of its rows: a payout or a won game is a win; else a refund makes it
 * refunded; else a finished lost game is a loss; else (entry paid, game not over) it is pending.
 */
function gameOutcome(rows: HistoryTransaction[]): GroupOutcome {
  if (rows.some(won)) return 'win';
  if (rows.some((t) => t.type === 'refund')) return 'refunded';
  if (rows.some(lost)) return 'loss';
  return 'pending';
}

function headlineOf(
  rows: HistoryTransaction[],
  outcome: GroupOutcome,
  gameMode: string | null,
  isGame: boolean,
): TransactionGroup['headline'] {
  if (!movesMoney(gameMode)) return null;
  const net = netLamports(rows, outcome, gameMode, isGame);
  if (net !== null) return { lamports: net, signed: true };
  const entries = rows.filter((t) => t.type === 'entry_fee');
  return { lamports: entries.reduce((total, t) => total + lamportsOfSol(t.amount), 0n), signed: false };
}

function build(key: string, gameId: string | null, rows: HistoryTransaction[]): TransactionGroup {
  const transactions = [...rows].sort(newestFirst);
  let groupType: GroupType;
  let outcome: GroupOutcome;
  if (gameId) {
    groupType = transactions.every((t) => t.type === 'game_record') ? 'game_record' : 'game';
    outcome = gameOutcome(transactions);
  } else if (transactions.some((t) => t.type === 'refund')) {
    // SPEC §4: refund groups show as refunded.
    [groupType, outcome] = ['refund', 'refunded'];
  } else if (transactions.some(isPayout)) {
    [groupType, outcome] = ['payout', 'win'];
  } else {
    // SPEC §4: entry_fee groups (a search not matched yet) show as pending.
    [groupType, outcome] = ['entry_fee', 'pending'];
  }
  const gameMode = first(transactions, (t) => t.game_mode);
  return {
    key,
    gameId,
    transactions,
    gameMode,
    timestamp: transactions[0]?.created_at ?? null,
    headline: headlineOf(transactions, outcome, gameMode, gameId !== null),
    forfeit: transactions.some((t) => t.game_completion_status === 'forfeited'),
    groupType,
    outcome,
    opponent: first(transactions, (t) => t.opponent_address),
    score: first(transactions, (t) => t.final_score ?? t.score),
  };
}

/**
 * SPEC §2/§4: rows grouped by game, newest group first. Payout rows join their game's group; a refund
 * with no game joins the entry it returns (original_transaction_id), so a cancelled search is one group.
 */
export function groupTransactions(rows: readonly HistoryTransaction[]): TransactionGroup[] {
  const keyOfRow = new Map<string, string>();
  for (const t of rows) if (t.game_id) keyOfRow.set(t.id, `game:${t.game_id}`);
  const byKey = new Map<string, { gameId: string | null; rows: HistoryTransaction[] }>();
  for (const t of rows) {
    const root = t.original_transaction_id ?? t.id;
    const key = t.game_id ? `game:${t.game_id}` : (keyOfRow.get(root) ?? `tx:${root}`);
    const gameId = t.game_id ?? (key.startsWith('game:') ? key.slice(5) : null);
    const group = byKey.get(key) ?? { gameId, rows: [] };
    group.rows.push(t);
    byKey.set(key, group);
  }
  const groups = [...byKey].map(([key, g]) => build(key, g.gameId, g.rows));
  const at = (g: TransactionGroup) => {
    const ms = g.timestamp ? Date.parse(g.timestamp) : Number.NaN;
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return groups.sort((a, b) => at(b) - at(a));
}
