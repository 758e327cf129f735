import { lamportsToSol, lamportsToSolString } from './format.ts';
import { payoutOf } from './rules.ts';

/**
 * The fixed game-mode table of SPEC §3. Its `icon` is drawn by the client (src/client/ui/mode-icons.tsx,
 * one per mode id), not kept here: the emoji it once held render as empty boxes without an emoji font. Amounts are lamports (bigint, ARCHITECTURE invariant 1); the SOL
 * numbers beside them are derived for display and for API fields that SPEC shows in SOL.
 */

export const GAME_MODE_IDS = ['practice', 'smol_shrimp', 'tiny_tuna', 'mighty_marlin', 'giga_whale'] as const;
export type GameModeId = (typeof GAME_MODE_IDS)[number];

export interface GameMode {
  id: GameModeId;
  name: string;
  description: string;
  /** CSS color of the mode's card and accents. */
  color: string;
  wagerLamports: bigint;
  winLamports: bigint;
  /** What the house keeps of the two wagers; null where SPEC shows '-' (practice). */
  feeLamports: bigint | null;
  /** The operator's profit per match; null where SPEC shows '-' (practice). */
  profitLamports: bigint | null;
  /** Balance needed to pick the mode: the wager (0 for practice). */
  minBalanceLamports: bigint;
  wagerAmount: number;
  winAmount: number;
  fee: number | null;
  profitAmount: number | null;
  minBalance: number;
}

interface ModeRow {
  id: GameModeId;
  name: string;
  color: string;
  wagerLamports: bigint;
  profitLamports: bigint | null;
  description: (wager: string, win: string) => string;
}

const ROWS: readonly ModeRow[] = [
  {
    id: 'practice',
    name: 'Free Play',
    color: '#22c55e',
    wagerLamports: 0n,
    profitLamports: null,
    // The house bot may be the opponent (HOUSE_BOT_OFFER_MS): the card does not promise a person.
    description: () =>
      'Practice against another player, or the house bot if nobody else is searching. No entry fee, no payout.',
  },
  {
    id: 'smol_shrimp',
    name: 'Smol Shrimp',
    color: '#f472b6',
    wagerLamports: 25_000_000n,
    profitLamports: 9_000_000n,
    description: (wager, win) => `Dip a toe in: ${wager} SOL entry, winner takes ${win} SOL.`,
  },
  {
    id: 'tiny_tuna',
    name: 'Tiny Tuna',
    color: '#38bdf8',
    wagerLamports: 100_000_000n,
    profitLamports: 45_000_000n,
    description: (wager, win) => `Casual stakes: ${wager} SOL entry, winner takes ${win} SOL.`,
  },
  {
    id: 'mighty_marlin',
    name: 'Mighty Marlin',
    color: '#a855f7',
    wagerLamports: 1_000_000_000n,
    profitLamports: 490_000_000n,
    description: (wager, win) => `Serious play: ${wager} SOL entry, winner takes ${win} SOL.`,
  },
  {
    id: 'giga_whale',
    name: 'Giga Whale',
    color: '#facc15',
    wagerLamports: 10_000_000_000n,
    profitLamports: 4_990_000_000n,
    description: (wager, win) => `High roller: ${wager} SOL entry, winner takes ${win} SOL.`,
  },
];

function toGameMode(row: ModeRow): GameMode {
  const wager = row.wagerLamports;
  const win = payoutOf(wager);
  const fee = row.id === 'practice' ? null : 2n * wager - win;
  return {
    id: row.id,
    name: row.name,
    description: row.description(lamportsToSolString(wager), lamportsToSolString(win)),
    color: row.color,
    wagerLamports: wager,
    winLamports: win,
    feeLamports: fee,
    profitLamports: row.profitLamports,
    minBalanceLamports: wager,
    wagerAmount: lamportsToSol(wager),
    winAmount: lamportsToSol(win),
    fee: fee === null ? null : lamportsToSol(fee),
    profitAmount: row.profitLamports === null ? null : lamportsToSol(row.profitLamports),
    minBalance: lamportsToSol(wager),
  };
}

export const GAME_MODES: readonly GameMode[] = ROWS.map(toGameMode);

export function isGameModeId(value: unknown): value is GameModeId {
  return typeof value === 'string' && (GAME_MODE_IDS as readonly string[]).includes(value);
}

export function getGameMode(id: GameModeId): GameMode {
  const mode = GAME_MODES.find((m) => m.id === id);
  if (!mode) throw new Error(`unknown game mode ${id}`);
  return mode;
}
