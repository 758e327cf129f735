import type { WalletLimits } from '../../common/api/admin-views.ts';
import type { LossLimitView } from '../../common/api/player-limits-api.ts';
import { KIND_LABELS, PERIOD_LABELS, solOf } from '../limits/limits-texts.ts';
import { DateText } from './admin-cells.tsx';

const CHANGE_LABELS = {
  self_exclusion: 'Self-exclusion',
  daily_loss_limit: 'Daily loss limit',
  weekly_loss_limit: 'Weekly loss limit',
} as const;

/** The period's net as the limit counts it: a loss, or (below zero) a win, never 'net loss -0.0125 SOL'. */
function netOfPeriod(lossLamports: string): string {
  const loss = BigInt(lossLamports);
  if (loss < 0n) return `net win ${solOf((-loss).toString())}`;
  return loss === 0n ? 'no net loss' : `net loss ${solOf(lossLamports)}`;
}

function LossLimit({ label, view }: { label: string; view: LossLimitView }) {
  return (
    <p>
      <span className="text-slate-400">{label}: </span>
      {view.lamports === null ? 'none' : solOf(view.lamports)}
      <span className="text-slate-500"> · {netOfPeriod(view.lossLamports)}</span>
      {view.pending && (
        <span className="text-cyan-300">
          {' '}
          · {view.pending.lamports === null ? 'removal' : `raise to ${solOf(view.pending.lamports)}`} from{' '}
          <DateText value={view.pending.effectiveAt} />
        </span>
      )}
    </p>
  );
}

/**
 * A wallet's self-exclusion and loss limits as the player set them, and the record of their changes. Read
 * only: an operator cannot lift or shorten a player's own exclusion (there is no route for it).
 */
export function WalletLimitsState({ limits }: { limits: WalletLimits }) {
  const { exclusion } = limits;
  return (
    <div className="space-y-1 rounded border border-slate-700 p-3 text-xs" data-testid="wallet-limits-state">
      <p>
        <span className="text-slate-400">Self-exclusion: </span>
        {exclusion ? (
          <span className="text-red-300">
            {exclusion.endsAt === null ? (
              PERIOD_LABELS.permanent
            ) : (
              <>
                until <DateText value={exclusion.endsAt} />
              </>
            )}{' '}
            (since <DateText value={exclusion.startedAt} />)
          </span>
        ) : (
          'none'
        )}
      </p>
      <LossLimit label={KIND_LABELS.daily} view={limits.daily} />
      <LossLimit label={KIND_LABELS.weekly} view={limits.weekly} />
      {limits.changes.length > 0 && (
        <ul className="mt-2 text-slate-400">
          {limits.changes.map((c) => (
            <li key={`${c.requestedAt}-${c.kind}`}>
              <DateText value={c.requestedAt} />: {CHANGE_LABELS[c.kind]}{' '}
              {c.kind === 'self_exclusion'
                ? c.excludedUntil === null
                  ? 'permanent'
                  : 'until '
                : c.lamports === null
                  ? 'removed'
                  : solOf(c.lamports)}
              {c.kind === 'self_exclusion' && c.excludedUntil !== null && (
                <DateText value={c.excludedUntil} />
              )}
              {c.effectiveAt !== c.requestedAt && (
                <>
                  {' '}
                  (from <DateText value={c.effectiveAt} />)
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
