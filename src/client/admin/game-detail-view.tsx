import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type AdminGameRow, adminGameRowSchema } from '../../common/api/admin-rows.ts';
import { modeLabel } from '../history/history-labels.ts';
import { Spinner } from '../ui/spinner.tsx';
import { Amount, DateText, SignatureLink, WalletLink } from './admin-cells.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { winnerWallet } from './game-columns.tsx';
import { GameReplay } from './replay/game-replay.tsx';
import { ADMIN_KEY } from './use-admin-list.ts';

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
      {/* As wide as a phone shows it whole, not the whole page: its canvas keeps the field's proportions. */}
      <section aria-label="Replay" data-testid="game-replay" className="mx-auto w-full max-w-3xl">
        <GameReplay gameId={game.id} />
      </section>
    </div>
  );
}

/** A game's own page (/admin/games/<id>): the game read by its id, then its record and replay. */
export function GamePage({ id }: { id: string }) {
  const api = useAdminFetch();
  const path = `/games/${id}`;
  const game = useQuery({
    queryKey: [ADMIN_KEY, path],
    queryFn: ({ signal }) => api.get(adminGameRowSchema, path, {}, signal),
  });
  if (game.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-400 text-xs">
        <Spinner /> Loading...
      </p>
    );
  }
  if (game.isError) {
    return (
      <p role="alert" className="text-red-300 text-xs">
        Failed to fetch this game: {game.error.message}
      </p>
    );
  }
  return <GameDetailView game={game.data} />;
}
