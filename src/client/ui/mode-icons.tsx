import type { ReactNode } from 'react';
import type { GameModeId } from '../../common/game-modes.ts';

/**
 * Small inline SVG icons for the mode cards and the coin badge. The game-mode table's emoji render as empty
 * boxes where no emoji font is installed (Chromium on many Linux desktops), so the cards draw their own.
 * Each is drawn in currentColor, so a card gives it the mode's colour.
 */

const PATHS: Record<GameModeId, ReactNode> = {
  // A paddle and a ball: free play.
  practice: (
    <>
      <rect x="4" y="3" width="4" height="14" rx="1.5" />
      <circle cx="17" cy="12" r="3" />
      <rect x="16" y="18" width="4" height="3" rx="1" opacity="0.5" />
    </>
  ),
  // A curled shrimp: a tail fan, a segmented body and feelers.
  smol_shrimp: (
    <>
      <path d="M6 6c5-3 12-1 13 5 1 5-3 9-8 9-2 0-3-1-3-2h3c3 0 5-2 5-5 0-4-4-6-9-5z" />
      <path d="M7 16l-4 2 1-4z" />
      <path d="M16 5c1-2 3-3 5-3M15 4c0-1 1-2 2-2" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <circle cx="16.5" cy="8.5" r="1" fill="#0f172a" />
    </>
  ),
  // A round fish with a forked tail.
  tiny_tuna: (
    <>
      <path d="M3 12c3-5 9-6 14-3l4-3v12l-4-3c-5 3-11 2-14-3z" />
      <circle cx="7.5" cy="11" r="1.1" fill="#0f172a" />
    </>
  ),
  // A marlin: a long bill, a tall dorsal fin and a forked tail.
  mighty_marlin: (
    <>
      <path d="M1 12h6c2-2 5-3 8-2l1-5 2 6 3-3v8l-3-3c-3 3-8 3-11 1z" />
      <circle cx="9.5" cy="11.5" r="1" fill="#0f172a" />
    </>
  ),
  // A whale with a spout.
  giga_whale: (
    <>
      <path d="M2 14c0-4 4-6 9-6 5 0 8 3 9 5l2-3v6l-2-1c-2 4-6 6-11 6-4 0-7-3-7-7z" />
      <path d="M9 6c0-2 1-3 2-4M9 6c0-2-1-3-2-4" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <circle cx="6" cy="14" r="1" fill="#0f172a" />
    </>
  ),
};

export function ModeIcon({ mode, className = 'h-7 w-7' }: { mode: GameModeId; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-mode-icon={mode}
      className={className}
    >
      {PATHS[mode]}
    </svg>
  );
}

/** The coin badge of an unaffordable mode (SPEC §2). */
export function CoinIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <circle cx="12" cy="12" r="10" fill="#facc15" />
      <circle cx="12" cy="12" r="7" fill="none" stroke="#a16207" strokeWidth="1.5" />
      <path
        d="M12 7.5v9M9.5 10h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4"
        fill="none"
        stroke="#a16207"
        strokeWidth="1.5"
      />
    </svg>
  );
}
