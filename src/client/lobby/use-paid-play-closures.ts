import { useEffect, useState } from 'react';
import type { GameModeId } from '../../common/game-modes.ts';
import type { PaidPlayClosures } from '../limits/paid-play-closures.ts';

/**
 * The paid modes this signed-in player's self-exclusion and loss limits close, with the reason. The reading
 * and the limits' schema are a chunk of their own (the first page does not carry them), which reads again
 * when the page is shown, when the Limits panel saves and when a pending change comes; a moved balance (a
 * game paid or refunded changes the net loss) starts a new read here.
 */
export function usePaidPlayClosures(
  walletAddress: string | null,
  signedIn: boolean,
  balanceLamports: bigint | null,
): Partial<Record<GameModeId, string>> {
  const [closures, setClosures] = useState<PaidPlayClosures | null>(null);
  const enabled = walletAddress !== null && signedIn;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a moved balance is a reason to read again.
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let current = true;
    import('../limits/paid-play-closures.ts').then(
      (m) => {
        if (current) stop = m.watchPaidPlayClosures(setClosures);
      },
      (error: unknown) => console.warn('limits check failed', error),
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [enabled, walletAddress, balanceLamports]);
  if (!enabled || !closures || closures.walletAddress !== walletAddress) return {};
  return closures.reasons;
}
