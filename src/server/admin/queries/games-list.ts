import { and, eq, getTableColumns, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { GameFilterValues } from '../../../common/api/admin-list-filters.ts';
import type { AdminGameRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { games } from '../../db/schema/index.ts';
import {
  afterCursor,
  cursorText,
  newestFirst,
  type Page,
  type PageRequest,
  pageLimit,
  toPage,
} from './cursor.ts';
import { type GamePayout, gamePayoutOf, payoutOfGame, payoutStateSql } from './game-payout-state.ts';
import { iso, isoOrNull, lamportsText, lamportsTextOrNull, sol, solOrNull } from './json-values.ts';
import { idText, matchesParts, type SearchTerm, searchTerm, unionOf } from './search-term.ts';

export type { AdminGameRow };

/**
 * What narrows the games, on the Games tab and in its export alike: the search, the tab's filters (mode,
 * completion status, payout state, an entry fee from minLamports to maxLamports, both included) and the
 * export's days.
 */
export interface GameFilter extends GameFilterValues {
  /** 4+ characters of a game id, a player's wallet or a signature of the game (entry, payout or refund). */
  search?: string | null;
  /** Only the games this wallet played (exactly this address). */
  wallet?: string;
  /** Games created at or after this instant, and before `createdBefore` (the export's days). */
  createdFrom?: Date;
  createdBefore?: Date;
}

export interface GameListRequest extends PageRequest, GameFilter {}

/** Every column but the heavy replay data (snapshots, inputs, the risk pass's figures), which a list never shows. */
const {
  gameStateSnapshots: _snapshots,
  recordedInputs: _inputs,
  riskFigures: _figures,
  ...listColumns
} = getTableColumns(games);

export type GameListFields = Omit<
  typeof games.$inferSelect,
  'gameStateSnapshots' | 'recordedInputs' | 'riskFigures'
>;

/**
 * The games a term finds: by a player's wallet, by game id, or by a signature of the game (payouts and
 * refunds carry their game id; entry fees are found through the game's entry transaction ids). A whole UUID
 * also finds the game of that entry or payout transaction. Each arm is answered by an index of its own.
 */
function matchingIds(term: SearchTerm): SQL {
  const bySignature = sql`SELECT id FROM transactions WHERE ${matchesParts('transaction_signature', term.parts)}`;
  const arms = [
    sql`SELECT id FROM games WHERE ${matchesParts('player1_wallet', term.parts)}`,
    sql`SELECT id FROM games WHERE ${matchesParts('player2_wallet', term.parts)}`,
    sql`SELECT game_id FROM transactions WHERE ${matchesParts('transaction_signature', term.parts)}`,
    sql`SELECT id FROM games WHERE player1_entry_transaction_id IN (${bySignature})`,
    sql`SELECT id FROM games WHERE player2_entry_transaction_id IN (${bySignature})`,
  ];
  if (term.idParts.length > 0) {
    arms.push(sql`SELECT id FROM games WHERE ${matchesParts(idText('id'), term.idParts)}`);
  }
  if (term.id) {
    arms.push(
      sql`SELECT id FROM games WHERE id = ${term.id}::uuid`,
      sql`SELECT game_id FROM transactions WHERE id = ${term.id}::uuid`,
      sql`SELECT id FROM games WHERE player1_entry_transaction_id = ${term.id}::uuid`,
      sql`SELECT id FROM games WHERE player2_entry_transaction_id = ${term.id}::uuid`,
    );
  }
  // ANY(ARRAY(...)): the matches are read first, through the search indexes, then fetched by key; as IN (...)
  // the planner may hash-join them against a full scan of games when it guesses the union large.
  return sql`${games.id} = ANY(ARRAY(${unionOf(arms)}))`;
}

/** The games one wallet played, in either seat. */
const playedBy = (wallet: string) => or(eq(games.player1Wallet, wallet), eq(games.player2Wallet, wallet));

/**
 * Recorded games, newest first, optionally narrowed by the search box and the filters; keyset-paginated on
 * (created_at, id).
 */
export async function listGames(db: Database, request: GameListRequest = {}): Promise<Page<AdminGameRow>> {
  const limit = pageLimit(request.limit);
  const rows = await gamesQuery(db, request, limit);
  return toPage(
    rows,
    limit,
    (row) => row.game.id,
    ({ game, payout }) => adminGameRow(game, gamePayoutOf(payout)),
  );
}

/** One game as the Games tab shows it, or null when there is none of that id. */
export async function adminGame(db: Database, id: string): Promise<AdminGameRow | null> {
  const [row] = await db
    .select({ game: listColumns, payout: payoutOfGame })
    .from(games)
    .where(eq(games.id, id));
  return row ? adminGameRow(row.game, gamePayoutOf(row.payout)) : null;
}

/**
 * A games row as the Games tab shows it: SOL beside lamports, instants as ISO text, and the payout's state
 * from the ledger (game-payout-state.ts) beside the amount the game row records.
 */
export function adminGameRow(g: GameListFields, payout: GamePayout): AdminGameRow {
  return {
    id: g.id,
    createdAt: iso(g.createdAt),
    endedAt: isoOrNull(g.endedAt),
    mode: g.mode,
    player1Wallet: g.player1Wallet,
    player2Wallet: g.player2Wallet,
    player1Ip: g.player1Ip,
    player2Ip: g.player2Ip,
    finalScore: g.finalScore,
    player1Score: g.player1Score,
    player2Score: g.player2Score,
    winner: g.winner,
    completionStatus: g.completionStatus,
    durationMs: g.durationMs,
    disconnectCount: g.disconnectCount,
    entryFee: sol(g.entryFeeLamports),
    entryFeeLamports: lamportsText(g.entryFeeLamports),
    player1EntrySignature: g.player1EntrySignature,
    player2EntrySignature: g.player2EntrySignature,
    winnerPayoutAmount: solOrNull(g.winnerPayoutLamports),
    winnerPayoutLamports: lamportsTextOrNull(g.winnerPayoutLamports),
    winnerPayoutTransactionId: g.winnerPayoutTransactionId,
    winnerPayoutSignature: g.winnerPayoutSignature,
    ...payout,
    player1RefundAmount: solOrNull(g.player1RefundLamports),
    player1RefundLamports: lamportsTextOrNull(g.player1RefundLamports),
    player1RefundSignature: g.player1RefundSignature,
    player2RefundAmount: solOrNull(g.player2RefundLamports),
    player2RefundLamports: lamportsTextOrNull(g.player2RefundLamports),
    player2RefundSignature: g.player2RefundSignature,
    suspiciousActivity: g.suspiciousActivity,
    integrityScore: g.integrityScore,
  };
}

/** The statement the list runs (the search tests read its plan). */
export const gamesListStatement = (db: Database, request: GameListRequest = {}): SQL =>
  gamesQuery(db, request, pageLimit(request.limit)).getSQL();

/** The filter's condition on `games`; undefined when it narrows nothing. */
export function gamesWhere(filter: GameFilter): SQL | undefined {
  const term = searchTerm(filter.search);
  return and(
    term ? matchingIds(term) : undefined,
    filter.wallet ? playedBy(filter.wallet) : undefined,
    filter.mode ? eq(games.mode, filter.mode) : undefined,
    filter.status ? eq(games.completionStatus, filter.status) : undefined,
    filter.payout ? sql`${payoutStateSql} = ${filter.payout}` : undefined,
    filter.minLamports !== undefined ? gte(games.entryFeeLamports, filter.minLamports) : undefined,
    filter.maxLamports !== undefined ? lte(games.entryFeeLamports, filter.maxLamports) : undefined,
    filter.createdFrom ? gte(games.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(games.createdAt, filter.createdBefore) : undefined,
  );
}

function gamesQuery(db: Database, request: GameListRequest, limit: number) {
  return db
    .select({ game: listColumns, payout: payoutOfGame, cursorAt: cursorText(games.createdAt) })
    .from(games)
    .where(and(gamesWhere(request), afterCursor(request.cursor, games.createdAt, games.id, 'uuid')))
    .orderBy(...newestFirst(games.createdAt, games.id))
    .limit(limit + 1);
}
