import { useContext } from 'react';
import { formatLamports } from '../../common/format.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { REMATCH_RULE_TEXTS } from '../../common/search-rule-texts.ts';
import { expiresInText } from '../challenge/challenge-link.ts';
import type { LobbyFacts } from '../lobby/find-match-rules.ts';
import { useFindMatch } from '../lobby/use-find-match.ts';
import { useGame } from '../state/game-api.ts';
import { Spinner } from '../ui/spinner.tsx';
import { WalletContext } from '../wallet/wallet-api.ts';

export const REMATCH_TEXTS = {
  button: 'REMATCH',
  offered: 'Your opponent wants a rematch!',
  declined: 'Your opponent left: no rematch this time.',
  paid: (stake: bigint) => `Same stake: you pay ${formatLamports(stake)} again.`,
} as const;

/**
 * 'Rematch' at game over, beside the countdown: the same mode against the same opponent. It pays again
 * through the wallet for a paid mode (practice asks at once); the opponent is told, and when both have asked
 * the new match starts. The opponent's own ask shows here; an opponent who left disables it. `onAsk` holds the
 * screen's return to the menu, so a payment under way is not cut short by it.
 */
export function RematchControl({
  onAsk,
  offerTimeLeft = null,
}: {
  onAsk(): void;
  /** Whole seconds left of the opponent's open offer (the server's deadline), or null. */
  offerTimeLeft?: number | null;
}) {
  // Screens shown without a wallet (a test of the game-over text alone) have nothing to pay with.
  if (!useContext(WalletContext)) return null;
  return <RematchButton onAsk={onAsk} offerTimeLeft={offerTimeLeft} />;
}

function RematchButton({ onAsk, offerTimeLeft }: { onAsk(): void; offerTimeLeft: number | null }) {
  const { view } = useGame();
  const wallet = useContext(WalletContext)!;
  const facts: LobbyFacts = {
    banned: false,
    banMessage: null,
    searching: view.searching,
    walletConnected: wallet.status === 'connected' && wallet.publicKey !== null,
    balanceLamports: wallet.balanceLamports,
  };
  const payment = useFindMatch(facts);
  const { gameId, gameMode } = view;
  if (!gameId || !gameMode) return null;
  const declined = view.rematchOffer === 'declined';
  const processing = payment.phase === 'processing';
  const stake = getGameMode(gameMode).wagerLamports;
  return (
    <div className="mt-4 flex flex-col items-center gap-1">
      {view.rematchOffer === 'offered' && (
        <>
          <p role="status" data-testid="rematch-offered" className="font-bold text-fuchsia-200 text-sm">
            {REMATCH_TEXTS.offered}
          </p>
          {offerTimeLeft !== null && (
            <p data-testid="rematch-time-left" className="text-xs text-yellow-200">
              {REMATCH_RULE_TEXTS.timeLeft(expiresInText(offerTimeLeft * 1000, 0))}
            </p>
          )}
          <p className="text-[10px] text-slate-400">{REMATCH_RULE_TEXTS.declineRefund(stake > 0n)}</p>
        </>
      )}
      {declined && (
        <p role="status" data-testid="rematch-declined" className="text-slate-300 text-xs">
          {REMATCH_TEXTS.declined}
        </p>
      )}
      <button
        type="button"
        data-testid="rematch"
        disabled={declined || processing}
        onClick={() => {
          onAsk();
          void payment.findMatch(gameMode, { rematch: gameId });
        }}
        className={`inline-flex items-center gap-2 rounded px-8 py-2 font-bold text-sm tracking-widest disabled:cursor-not-allowed disabled:opacity-40 ${
          view.rematchOffer === 'offered'
            ? 'bg-fuchsia-400 text-slate-950 hover:bg-fuchsia-300'
            : 'border-2 border-fuchsia-400 text-fuchsia-200 hover:bg-fuchsia-400/15'
        }`}
      >
        {processing && <Spinner />}
        {REMATCH_TEXTS.button}
      </button>
      {stake > 0n && !declined && <p className="text-[10px] text-slate-400">{REMATCH_TEXTS.paid(stake)}</p>}
      {payment.error && (
        <p role="alert" className="text-[11px] text-red-300">
          {payment.error}
        </p>
      )}
    </div>
  );
}
