import type { ReactNode } from 'react';
import type { AdminGameRow } from '../../common/api/admin-rows.ts';
import { modeLabel } from '../history/history-labels.ts';
import { Amount, DateText, SignatureLink, WalletLink } from './admin-cells.tsx';
import { winnerWallet } from './game-columns.tsx';
import { GameReplay } from './replay/game-replay.tsx';

/** The risk pass's integrity score, and whether it marked the game suspicious. */
function integrityText(game: AdminGameRow): string {
  if (game.integrityScore === null) return 'Not measured';
  return `${game.integrityScore}/100${game.suspiciousActivity ? ' · suspicious' : ''}`;
}

/** A game's record and its replay on the game canvas (settles a disputed point). */
export function GameDetailView({ game }: { game: AdminGameRow }) {
  // Read in pairs on a wide screen (two pairs per row): what and how it ended, when, who, the result, the money.
  const fields: [string, ReactNode][] = [
    ['Mode', modeLabel(game.mode)],
    ['Status', game.completionStatus ?? '-'],
    ['Started', <DateText key="s" value={game.createdAt} />],
    ['Ended', <DateText key="e" value={game.endedAt} />],
    ['Player 1', <WalletLink key="p1" address={game.player1Wallet} />],
    ['Player 2', <WalletLink key="p2" address={game.player2Wallet} />],
    ['Score', game.finalScore ?? '-'],
    ['Winner', <WalletLink key="w" address={winnerWallet(game)} />],
    ['Entry Fee', <Amount key="f" sol={game.entryFee} lamports={game.entryFeeLamports} />],
    ['Payout', <Amount key="p" sol={game.winnerPayoutAmount} lamports={game.winnerPayoutLamports} />],
    ['Payout Signature', <SignatureLink key="ps" signature={game.winnerPayoutSignature} />],
    ['Integrity', integrityText(game)],
  ];
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
        {fields.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-400">{name}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-label="Replay" data-testid="game-replay">
        <GameReplay gameId={game.id} />
      </section>
    </div>
  );
}
