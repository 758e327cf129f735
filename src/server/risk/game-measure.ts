import { eq } from 'drizzle-orm';
import { HOUSE_BOT_ADDRESS } from '../../common/rules.ts';
import type { Database } from '../db/database.ts';
import { games } from '../db/schema/index.ts';
import { matchRecordOf } from '../game/match/stored-record.ts';
import { botSignals } from './bot-signals.ts';
import { playFiguresInSlices } from './play-figures.ts';
import type { StoredFigures } from './risk-inputs.ts';
import { gameIntegrity, SAME_IP_GAME_POINTS } from './risk-score.ts';

export interface MeasuredGame {
  id: string;
  wallets: [string, string];
  endedAt: Date | null;
}

/** The figures of a stored game's two seats and what its own play shows (SPEC §3 game audit fields). */
export function judgeGame(figures: StoredFigures, ips: readonly [string | null, string | null], id: string) {
  const points: number[] = [];
  for (const seat of figures.seats) for (const s of botSignals(seat, 'game', [id])) points.push(s.points);
  if (ips[0] && ips[0] === ips[1]) points.push(SAME_IP_GAME_POINTS);
  return gameIntegrity(points);
}

/**
 * Measures a recorded game once: replays it from its seed and inputs, stores both seats' play figures and
 * the game's integrity score and suspicious mark. Returns who played it, or null for a game not (yet) stored.
 * A game without a replayable record (one settled as interrupted) keeps no figures; its players are judged
 * on their other games.
 */
export async function measureGame(db: Database, gameId: string): Promise<MeasuredGame | null> {
  const [row] = await db
    .select({
      player1: games.player1Wallet,
      player2: games.player2Wallet,
      ip1: games.player1Ip,
      ip2: games.player2Ip,
      endedAt: games.endedAt,
      rngSeed: games.rngSeed,
      recordedInputs: games.recordedInputs,
      riskFigures: games.riskFigures,
    })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row?.player1 || !row.player2) return null;
  const measured: MeasuredGame = { id: gameId, wallets: [row.player1, row.player2], endedAt: row.endedAt };
  if (row.riskFigures !== null) return measured;
  const record = matchRecordOf(row.rngSeed, row.recordedInputs);
  if (!record) return measured;
  const seats = await playFiguresInSlices(record, () => new Promise((resolve) => setImmediate(resolve)));
  const figures: StoredFigures = { seats };
  const { integrityScore, suspicious } = judgeGame(figures, [row.ip1, row.ip2], gameId);
  await db
    .update(games)
    .set({ riskFigures: figures, integrityScore, suspiciousActivity: suspicious })
    .where(eq(games.id, gameId));
  return measured;
}

export const judgedWallets = (game: MeasuredGame) => game.wallets.filter((w) => w !== HOUSE_BOT_ADDRESS);
