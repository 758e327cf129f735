import { useState } from 'react';
import type { CheckOutcome } from './check-match.ts';

export const VERIFY_BUTTON_TEXTS = {
  verify: 'Verify',
  verifying: 'Verifying...',
  failedToRun: 'The check could not run: the server answered something this page cannot read.',
} as const;

const KIND_STYLE = {
  fair: 'border-green-400/60 text-green-200',
  failed: 'border-red-400/70 text-red-200',
  unavailable: 'border-yellow-400/60 text-yellow-200',
} as const;

/**
 * 'Verify': fetches the finished match's revealed seed and recorded moves and checks them in this browser
 * (the seed against the hash announced at `matched`, a replay against the recorded result). The checking
 * code loads on the first press, as its own chunk.
 */
export function VerifyMatchButton({
  gameId,
  announcedHash = null,
  onStart,
  compact = false,
}: {
  gameId: string;
  announcedHash?: string | null;
  /** Called when the player presses Verify (the game-over screen stops its return to the menu). */
  onStart?: () => void;
  compact?: boolean;
}) {
  const [outcome, setOutcome] = useState<CheckOutcome | 'checking' | null>(null);
  const verify = async () => {
    onStart?.();
    setOutcome('checking');
    try {
      const { checkMatch } = await import('./check-match.ts');
      setOutcome(await checkMatch(gameId, announcedHash));
    } catch {
      setOutcome({ kind: 'unavailable', headline: VERIFY_BUTTON_TEXTS.failedToRun, checks: [] });
    }
  };
  const size = compact ? 'px-2 text-[11px]' : 'px-4 py-1 text-xs';
  return (
    <div className="w-full">
      <button
        type="button"
        data-testid="verify-match"
        disabled={outcome === 'checking'}
        onClick={verify}
        className={`rounded border border-cyan-400/60 font-bold text-cyan-200 tracking-widest hover:bg-cyan-400/10 disabled:opacity-60 ${size}`}
      >
        {outcome === 'checking' ? VERIFY_BUTTON_TEXTS.verifying : VERIFY_BUTTON_TEXTS.verify}
      </button>
      {outcome !== null && outcome !== 'checking' && (
        <div
          role="status"
          data-testid="verify-result"
          data-kind={outcome.kind}
          className={`mt-2 rounded border bg-slate-950/80 p-2 text-left text-[11px] ${KIND_STYLE[outcome.kind]}`}
        >
          <p className="font-bold">{outcome.headline}</p>
          {outcome.checks.length > 0 && (
            <ul className="mt-1 space-y-0.5 text-slate-300">
              {outcome.checks.map((check) => (
                <li key={check.text} className="break-words">
                  <span aria-hidden="true" className={check.ok ? 'text-green-300' : 'text-red-300'}>
                    {check.ok ? '✓ ' : '✗ '}
                  </span>
                  {check.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
