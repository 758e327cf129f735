import { eq } from 'drizzle-orm';
import type { AdminGameReplay } from '../../../common/api/admin-views.ts';
import type { Database } from '../../db/database.ts';
import { games } from '../../db/schema/index.ts';
import { matchRecordOf } from '../../game/match/stored-record.ts';
import { gamePayoutOf, payoutOfGame } from './game-payout-state.ts';
import { adminGameRow } from './games-list.ts';

export type { AdminGameReplay };

/** One game with its record; undefined when no game has this id. */
export async function gameReplay(db: Database, gameId: string): Promise<AdminGameReplay | undefined> {
  const [found] = await db
    .select({ row: games, payout: payoutOfGame })
    .from(games)
    .where(eq(games.id, gameId));
  if (!found) return undefined;
  const { row } = found;
  const { gameStateSnapshots: _snapshots, recordedInputs, ...fields } = row;
  const winner =
    row.winner === null
      ? null
      : row.winner === row.player1Wallet
        ? 'player1'
        : row.winner === row.player2Wallet
          ? 'player2'
          : null;
  return {
    game: adminGameRow(fields, gamePayoutOf(found.payout)),
    record: matchRecordOf(row.rngSeed, recordedInputs),
    recorded: { player1Score: row.player1Score, player2Score: row.player2Score, winner },
  };
}
