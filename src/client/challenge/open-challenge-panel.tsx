import { lazy, Suspense, useState } from 'react';
import type { Clock } from '../../common/clock.ts';
import { formatLamports } from '../../common/format.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { SEARCH_TEXTS } from '../../common/protocol-texts.ts';
import { CancelUnderRule } from '../lobby/cancel-under-rule.tsx';
import { useSearchClock } from '../lobby/use-search-clock.ts';
import type { GameView } from '../state/game-view.ts';
import { Spinner } from '../ui/spinner.tsx';
import { challengeUrl, expiresInText } from './challenge-link.ts';

const ChallengeQr = lazy(() => import('./challenge-qr.tsx'));

export const OPEN_CHALLENGE_TEXTS = {
  title: 'CHALLENGE OPEN',
  waiting: SEARCH_TEXTS.challengeWaiting,
  share:
    'Send this link to your friend: whoever opens it, pays the same entry and accepts plays you at once.',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Copy the link by hand: this browser did not allow it',
  cancel: 'Cancel Challenge',
  expiry: 'If nobody accepts it in time, your entry fee is refunded in full.',
} as const;

/**
 * The challenger's side of 'Challenge a friend', in place of the searching panel: the link with a copy button
 * and a QR code, the stake and the prize, the time left before it expires, and Cancel under the paid search's
 * rule (after 10 s, 97% back). After a reload the server names the open challenge again, so it is shown again.
 */
export function OpenChallengePanel({
  view,
  challenge,
  mode,
  onCancel,
  clock,
}: {
  view: Pick<GameView, 'searchStartTime' | 'cancelling'>;
  challenge: { code: string; expiresAt: number };
  mode: GameModeId;
  onCancel(): void;
  clock?: Clock;
}) {
  const now = useSearchClock(view.searchStartTime, true, clock);
  const waited = view.searchStartTime === null ? 0 : Math.max(0, now - view.searchStartTime);
  const cancelling = view.cancelling !== 'idle';
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = challengeUrl(challenge.code);
  const terms = getGameMode(mode);
  const free = terms.wagerLamports === 0n;
  const copy = () => {
    const clipboard = navigator.clipboard;
    if (!clipboard) return setCopied('failed');
    clipboard.writeText(link).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };
  return (
    <section
      aria-label="Your open challenge"
      data-testid="open-challenge"
      className="mt-4 rounded-lg border-2 border-fuchsia-400/70 bg-slate-950/85 p-4 text-left"
    >
      <p className="flex items-center gap-2 font-bold text-fuchsia-200 text-sm tracking-widest">
        <Spinner />
        {OPEN_CHALLENGE_TEXTS.title} · {terms.name}
      </p>
      <p className="mt-1 text-slate-300 text-xs">{OPEN_CHALLENGE_TEXTS.waiting}...</p>
      <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <Suspense fallback={<div className="h-[168px] w-[168px] rounded bg-slate-800" />}>
          <ChallengeQr text={link} />
        </Suspense>
        <div className="w-full min-w-0 flex-1">
          <p className="text-[11px] text-slate-400">{OPEN_CHALLENGE_TEXTS.share}</p>
          <div className="mt-2 flex gap-2">
            <input
              readOnly
              aria-label="Challenge link"
              data-testid="challenge-link"
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded border border-slate-600 bg-slate-900 px-2 py-1 text-[11px] text-cyan-100"
            />
            <button
              type="button"
              onClick={copy}
              className="shrink-0 rounded bg-cyan-400 px-3 py-1 font-bold text-slate-950 text-xs hover:bg-cyan-300"
            >
              {OPEN_CHALLENGE_TEXTS.copy}
            </button>
          </div>
          {copied !== 'idle' && (
            <p role="status" className="mt-1 text-[11px] text-green-300">
              {copied === 'copied' ? OPEN_CHALLENGE_TEXTS.copied : OPEN_CHALLENGE_TEXTS.copyFailed}
            </p>
          )}
          <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-slate-400">Stake</dt>
              <dd className="text-cyan-200">{free ? 'Free' : formatLamports(terms.wagerLamports)}</dd>
            </div>
            <div>
              <dt className="text-slate-400">Prize</dt>
              <dd className="text-green-300">{free ? '-' : formatLamports(terms.winLamports)}</dd>
            </div>
            <div>
              <dt className="text-slate-400">Expires in</dt>
              <dd data-testid="challenge-expires-in" className="text-yellow-200">
                {expiresInText(challenge.expiresAt, now)}
              </dd>
            </div>
          </dl>
          {!free && <p className="mt-2 text-[11px] text-slate-400">{OPEN_CHALLENGE_TEXTS.expiry}</p>}
        </div>
      </div>
      <CancelUnderRule
        mode={mode}
        waited={waited}
        cancelling={cancelling}
        label={OPEN_CHALLENGE_TEXTS.cancel}
        onCancel={onCancel}
      />
    </section>
  );
}
