import { and, eq, getTableColumns, or, type SQL } from 'drizzle-orm';
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
import { iso, isoOrNull, lamportsText, lamportsTextOrNull, sol, solOrNull } from './json-values.ts';
import { type SearchTerm, searchTerm } from './search-term.ts';

export type { AdminGameRow };

export interface GameListRequest extends PageRequest {
  /** A game id, a player's wallet address, or a signature (entry, payout or refund) of the game. */
  search?: string | null;
}

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

function matching(term: SearchTerm): SQL | undefined {
  const byText = or(
    eq(games.player1Wallet, term.text),
    eq(games.player2Wallet, term.text),
    eq(games.player1EntrySignature, term.text),
    eq(games.player2EntrySignature, term.text),
    eq(games.winnerPayoutSignature, term.text),
    eq(games.player1RefundSignature, term.text),
    eq(games.player2RefundSignature, term.text),
  );
  if (!term.id) return byText;
  return or(
    byText,
    eq(games.id, term.id),
    eq(games.player1EntryTransactionId, term.id),
    eq(games.player2EntryTransactionId, term.id),
    eq(games.winnerPayoutTransactionId, term.id),
  );
}

/** Recorded games, newest first, optionally narrowed by the search box; keyset-paginated on (created_at, id). */
export async function listGames(db: Database, request: GameListRequest = {}): Promise<Page<AdminGameRow>> {
  const limit = pageLimit(request.limit);
  const term = searchTerm(request.search);
  const rows = await db
    .select({ game: listColumns, cursorAt: cursorText(games.createdAt) })
    .from(games)
    .where(
      and(term ? matching(term) : undefined, afterCursor(request.cursor, games.createdAt, games.id, 'uuid')),
    )
    .orderBy(...newestFirst(games.createdAt, games.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.game.id,
    ({ game }) => adminGameRow(game),
  );
}

/** A games row as the Games tab shows it: SOL beside lamports, instants as ISO text. */
export function adminGameRow(g: GameListFields): AdminGameRow {
  return {
    id: g.id,
    createdAt: iso(g.createdAt),
    endedAt: isoOrNull(g.endedAt),
    mode: g.mode,
    player1Wallet: g.player1Wallet,
    player2Wallet: g.player2Wallet,
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
