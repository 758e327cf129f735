import {
  RISK_SIGNAL_LABELS,
  type RiskSignal,
  riskEvidenceOf,
  riskFigureLabel,
} from '../../common/api/risk-evidence.ts';
import { GameIdLink, WalletLink } from './admin-cells.tsx';

/** Evidence is free JSON: text as is, anything else as compact JSON. */
export function evidenceText(evidence: unknown): string {
  if (evidence === null || evidence === undefined || evidence === '') return '-';
  return typeof evidence === 'string' ? evidence : JSON.stringify(evidence);
}

/** A figure's value as read: lists joined, numbers as they are. */
function figureText(value: RiskSignal['figures'][string]): string {
  if (value === null) return '-';
  return Array.isArray(value) ? value.join(', ') || '-' : String(value);
}

/** How many of a signal's games are linked in the queue; the rest are counted. */
const GAMES_SHOWN = 6;

function SignalItem({ signal }: { signal: RiskSignal }) {
  const games = signal.games.slice(0, GAMES_SHOWN);
  return (
    <li className="mb-2">
      <div className="font-semibold text-yellow-200">
        {RISK_SIGNAL_LABELS[signal.kind]} <span className="text-slate-400">+{signal.points}</span>
        {signal.otherWallet ? (
          <>
            {' '}
            <span className="text-slate-400">with</span> <WalletLink address={signal.otherWallet} />
          </>
        ) : null}
      </div>
      <div className="text-slate-300">{signal.summary}</div>
      <dl className="flex flex-wrap gap-x-3 text-slate-400">
        {Object.entries(signal.figures).map(([name, value]) => (
          <div key={name} className="flex gap-1">
            <dt>{riskFigureLabel(name)}</dt>
            <dd className="text-slate-200">{figureText(value)}</dd>
          </div>
        ))}
      </dl>
      {games.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-2 text-slate-400">
          Games:
          {games.map((id) => (
            <GameIdLink key={id} id={id} />
          ))}
          {signal.games.length > games.length ? (
            <span>+{signal.games.length - games.length} more</span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A flag's evidence: the risk pass's (its score, each signal's reason, figures and games, linked) or, for an
 * operator's own flag, the text it was given.
 */
export function RiskEvidenceView({ evidence }: { evidence: unknown }) {
  const risk = riskEvidenceOf(evidence);
  if (!risk) return <span className="block max-w-xs break-words">{evidenceText(evidence)}</span>;
  return (
    <div className="max-w-md text-xs">
      <div className="mb-1 font-bold text-slate-200">Risk score {risk.score}</div>
      <ul aria-label={`Risk score ${risk.score}`}>
        {risk.signals.map((signal) => (
          <SignalItem key={`${signal.kind}:${signal.otherWallet ?? ''}`} signal={signal} />
        ))}
      </ul>
    </div>
  );
}
