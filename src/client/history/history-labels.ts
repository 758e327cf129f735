import { formatDate } from '../../common/format.ts';
import { getGameMode, isGameModeId } from '../../common/game-modes.ts';
import type { GroupOutcome } from './group-kinds.ts';

/** Display texts of the history panel (SPEC §5 formats; §9: amounts in history with 4 decimals). */

const TYPE_LABELS: Record<string, string> = {
  entry_fee: 'Entry Fee',
  refund: 'Refund',
  winner_payout: 'Winner Payout',
  payout: 'Payout',
  game_record: 'Game Result',
};

export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

export function modeLabel(mode: string | null): string {
  return mode && isGameModeId(mode) ? getGameMode(mode).name : 'Unknown mode';
}

export const OUTCOME_LABELS: Record<GroupOutcome, string> = {
  win: 'WIN',
  loss: 'LOSS',
  refunded: 'REFUNDED',
  pending: 'PENDING',
};

/** A game that ended by a forfeit says so: 'LOSS · FORFEIT' is not a 1-0 played to its end. */
export function outcomeLabel(outcome: GroupOutcome, forfeit: boolean): string {
  return forfeit && (outcome === 'win' || outcome === 'loss')
    ? `${OUTCOME_LABELS[outcome]} · FORFEIT`
    : OUTCOME_LABELS[outcome];
}

/**
 * A row that moved money: a transfer with an amount. The game record ('Game Result') is the match's own
 * row, not a transfer; showing its figure as money would read as a second payout beside the real one.
 */
export function isTransfer(t: { type: string; game_mode: string | null }): boolean {
  return t.type !== 'game_record' && movesMoney(t.game_mode);
}

/**
 * SPEC §3: a mode without a wager (practice, 'Free Play') moves no money: its rows show no amount rather
 * than '0.0000 SOL'. An unknown mode is taken to move money.
 */
export function movesMoney(mode: string | null): boolean {
  return !(mode && isGameModeId(mode) && getGameMode(mode).wagerLamports === 0n);
}

/** SPEC §5: history shows 'Unknown date' where a date is missing. */
export function dateText(value: string | null): string {
  const text = formatDate(value, { withTime: true });
  return text === 'N/A' ? 'Unknown date' : text;
}

/** The panel's last-updated time; 'Unknown time' before the first answer. */
export function timeText(epochMs: number | null): string {
  if (epochMs === null) return 'Unknown time';
  return new Date(epochMs)
    .toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: true })
    .replace(/\u202f/g, ' ');
}
