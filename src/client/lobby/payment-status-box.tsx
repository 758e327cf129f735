import { formatLamports } from '../../common/format.ts';
import type { GameMode } from '../../common/game-modes.ts';
import { Spinner } from '../ui/spinner.tsx';
import type { PaymentStatus } from '../wallet/wallet-api.ts';

/** What each SPEC §4 payment status tells the player. */
export const PAYMENT_STATUS_TEXT: Record<Exclude<PaymentStatus, 'idle'>, string> = {
  creating: 'Creating transaction...',
  signing: 'Waiting for your wallet to approve the payment...',
  processing: 'Confirming payment on the blockchain...',
  confirmed: 'Payment confirmed! Finding a match...',
  failed: 'Payment failed',
};

/** The payment-status box of SPEC §2, shown while an entry payment is under way or has just ended. */
export function PaymentStatusBox({
  status,
  mode,
  error,
}: {
  status: PaymentStatus;
  mode: GameMode | null;
  error: string | null;
}) {
  if (status === 'idle') return null;
  const failed = status === 'failed';
  const working = status === 'creating' || status === 'signing' || status === 'processing';
  return (
    <div
      role={failed ? 'alert' : 'status'}
      data-testid="payment-status"
      data-status={status}
      className={`mt-4 rounded-md border-2 p-3 text-left text-xs ${
        failed
          ? 'border-red-500 bg-red-950/60 text-red-100'
          : 'border-cyan-400/50 bg-slate-950/80 text-cyan-100'
      }`}
    >
      <p className="flex items-center gap-2 font-bold">
        {working && <Spinner />}
        {PAYMENT_STATUS_TEXT[status]}
      </p>
      {mode && mode.wagerLamports > 0n && (
        <p className="mt-1 text-slate-300">
          {mode.name}: {formatLamports(mode.wagerLamports)} entry
        </p>
      )}
      {failed && error && <p className="mt-1">{error}</p>}
    </div>
  );
}
