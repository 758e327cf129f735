import { formatLamports } from '../../common/format.ts';
import type { GameMode } from '../../common/game-modes.ts';
import { CoinIcon, ModeIcon } from '../ui/mode-icons.tsx';
import { neededBreakdownText, needToPlayText } from './find-match-rules.ts';

export interface ModeCardProps {
  mode: GameMode;
  selected: boolean;
  /** SPEC §5: banned, no wallet, or a balance that does not pay the entry (wager, fee, rent reserve). */
  disabled: boolean;
  /** The balance does not pay the entry with its fee: coin badge and the 'Need {amount} SOL' hint. */
  unaffordable: boolean;
  queueLength: number;
  /** Why the player's own self-exclusion or loss limit closes this paid mode, shown on the card; or null. */
  closedReason?: string | null;
  onSelect(): void;
}

/** One of the five mode cards of SPEC §2: name, description, wager and win, queue length. */
export function ModeCard({
  mode,
  selected,
  disabled,
  unaffordable,
  queueLength,
  closedReason = null,
  onSelect,
}: ModeCardProps) {
  const free = mode.wagerLamports === 0n;
  return (
    <button
      type="button"
      data-testid={`mode-card-${mode.id}`}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onSelect}
      style={{ borderColor: selected ? mode.color : undefined }}
      className={`relative flex flex-col gap-1.5 rounded-lg border-2 bg-slate-950/80 p-3 text-left transition sm:gap-2 sm:p-4 ${
        selected
          ? 'border-yellow-300 shadow-lg shadow-yellow-400/20'
          : 'border-cyan-400/40 hover:border-cyan-300'
      } disabled:cursor-not-allowed disabled:opacity-50`}
    >
      {unaffordable && (
        <span
          role="img"
          aria-label="Insufficient balance"
          className="absolute top-2 right-2 inline-flex rounded-full border border-yellow-400 bg-yellow-400/20 p-0.5"
        >
          <CoinIcon />
        </span>
      )}
      <span className="flex items-center gap-2 pr-5">
        <span style={{ color: mode.color }}>
          <ModeIcon mode={mode.id} />
        </span>
        <span className="font-bold text-xs tracking-wider sm:text-sm" style={{ color: mode.color }}>
          {mode.name}
        </span>
      </span>
      {/* A phone's card is compact, two a row: its wager and win below say what the description does. */}
      <span className="text-slate-300 text-xs leading-relaxed max-sm:hidden">{mode.description}</span>
      <span className="grid grid-cols-[auto_1fr] gap-1 gap-x-2 whitespace-nowrap text-xs">
        <span className="text-slate-400">Wager</span>
        <span className="text-right text-cyan-200">{free ? 'Free' : formatLamports(mode.wagerLamports)}</span>
        <span className="text-slate-400">Win</span>
        <span className="text-right text-green-300">{free ? '-' : formatLamports(mode.winLamports)}</span>
      </span>
      <span className="flex flex-wrap items-center justify-between gap-x-2 text-[11px] text-slate-400">
        <span>In queue: {queueLength}</span>
        {queueLength > 1 && <span className="font-bold text-green-300">Fast Match!</span>}
      </span>
      {closedReason && (
        <span data-testid={`mode-closed-${mode.id}`} className="text-[11px] text-orange-300 leading-relaxed">
          {closedReason}
        </span>
      )}
      {unaffordable && (
        <span className="text-[11px] text-yellow-300" title={neededBreakdownText(mode)}>
          {needToPlayText(mode)}
        </span>
      )}
    </button>
  );
}
