import { formatLamports } from '../../common/format.ts';

/** No balance known (the first read failed): no number at all, never SPEC §8's 0.001 SOL fallback. */
export const NO_BALANCE = '—';
export const STALE_BALANCE_HINT = 'Balance could not be refreshed: showing the last known balance';

/**
 * The wallet balance as the header, the lobby and the wallet box show it: at least 3 or 2 decimals (SPEC §5),
 * and every decimal the lamports need, so it never shows more than the wallet holds (0.99998, not 1.000). After
 * a failed refresh it is the last known balance with a small 'stale' marker beside it (outside `testId`'s
 * element, whose text stays the amount alone), or '—' when no balance was ever read; '...' while the first
 * read is under way.
 */
export function BalanceAmount({
  lamports,
  stale,
  decimals,
  testId,
  className,
}: {
  lamports: bigint | null;
  stale: boolean;
  decimals: number;
  testId?: string;
  className?: string;
}) {
  const text = lamports !== null ? formatLamports(lamports, decimals) : stale ? NO_BALANCE : '...';
  return (
    <>
      <span
        data-testid={testId}
        data-stale={stale || undefined}
        title={stale ? (lamports === null ? 'Balance unavailable' : STALE_BALANCE_HINT) : undefined}
        className={`${className ?? ''}${stale ? ' opacity-70' : ''}`}
      >
        {text}
      </span>
      {stale && lamports !== null && (
        <span
          data-testid="balance-stale"
          title={STALE_BALANCE_HINT}
          className="ml-1 rounded border border-amber-400/80 px-1 align-middle font-sans text-[10px] text-amber-300 uppercase leading-4 tracking-wide"
        >
          stale
        </span>
      )}
    </>
  );
}
