import { formatLamports } from '../../common/format.ts';
import { utcMinuteText } from '../../common/player-limits.ts';

/** What the Limits panel says; tests read the same texts. */
export const LIMITS_TEXTS = {
  title: 'Limits',
  intro: 'Protect yourself: exclusion and loss limits apply to paid modes. Practice stays open.',
  exclusionTitle: 'Self-exclusion',
  exclude: 'Exclude me from paid games',
  lengthen: 'Lengthen my exclusion',
  confirmWarning: 'This cannot be undone or shortened: paid games stay closed to this wallet until it ends.',
  confirm: 'Confirm exclusion',
  back: 'Back',
  lossHint: 'Lowering a limit applies at once; raising or removing it applies 24 hours later.',
  set: 'Set limit',
  remove: 'Remove limit',
  noLimit: 'No limit',
  badAmount: 'Enter an amount in SOL, e.g. 0.5',
  failed: 'Your limits could not be loaded.',
  signedOut: 'Sign in with your wallet to set your limits.',
} as const;

export const PERIOD_LABELS = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  permanent: 'Permanent',
} as const;

export const KIND_LABELS = {
  daily: 'Daily loss limit (last 24 hours)',
  weekly: 'Weekly loss limit (last 7 days)',
} as const;

/** Exact SOL text of lamports as decimal text. */
export const solOf = (lamports: string) => formatLamports(BigInt(lamports));

export function excludedText(endsAt: string | null): string {
  return endsAt === null
    ? 'You are excluded from paid games permanently.'
    : `You are excluded from paid games until ${utcMinuteText(Date.parse(endsAt))}.`;
}

export function pendingText(lamports: string | null, effectiveAt: string): string {
  const to = lamports === null ? 'removed' : `raised to ${solOf(lamports)}`;
  return `Will be ${to} at ${utcMinuteText(Date.parse(effectiveAt))}.`;
}
