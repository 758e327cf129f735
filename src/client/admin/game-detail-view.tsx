import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type AdminGameRow, adminGameRowSchema } from '../../common/api/admin-rows.ts';
import { modeLabel } from '../history/history-labels.ts';
import { Spinner } from '../ui/spinner.tsx';
import { Amount, DateText, IpLink, SignatureLink, WalletLink } from './admin-cells.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { PayoutCell, winnerWallet } from './game-columns.tsx';
import { GameReplay } from './replay/game-replay.tsx';
import { SupportNotesPanel } from './support-notes-panel.tsx';
import { ADMIN_KEY } from './use-admin-list.ts';

/** The risk pass's integrity score, and whether it marked the game suspicious. */
function integrityText(game: AdminGameRow): string {
  if (game.integrityScore === null) return 'Not measured';
  return `${game.integrityScore}/100${game.suspiciousActivity ? ' · suspicious' : ''}`;
}

/** How long the match was played, to the second; '-' when it was never played. */
function durationText(ms: number | null): string {
  if (ms === null) return '-';
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Each seat's refund once the chain confirmed it: its amount and its transfer. */
function refundFields(game: AdminGameRow): [string, ReactNode][] {
  const seats = [
    ['Player 1', game.player1RefundAmount, game.player1RefundLamports, game.player1RefundSignature],
    ['Player 2', game.player2RefundAmount, game.player2RefundLamports, game.player2RefundSignature],
  ] as const;
  return seats.flatMap(([seat, sol, lamports, signature]): [string, ReactNode][] =>
    lamports === null
      ? []
      : [
          [`${seat} Refund`, <Amount key={`${seat}r`} sol={sol} lamports={lamports} />],
          [`${seat} Refund Signature`, <SignatureLink key={`${seat}rs`} signature={signature} />],
        ],
  );
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
    ['Player 1 IP', <IpLink key="i1" ip={game.player1Ip} />],
    ['Player 2 IP', <IpLink key="i2" ip={game.player2Ip} />],
    ['Score', game.finalScore ?? '-'],
    ['Winner', <WalletLink key="w" address={winnerWallet(game)} />],
    ['Duration', durationText(game.durationMs)],
    ['Entry Fee', <Amount key="f" sol={game.entryFee} lamports={game.entryFeeLamports} />],
    ['Player 1 Entry', <SignatureLink key="e1" signature={game.player1EntrySignature} />],
    ['Player 2 Entry', <SignatureLink key="e2" signature={game.player2EntrySignature} />],
    ['Payout', <PayoutCell key="p" game={game} />],
    ['Payout Signature', <SignatureLink key="ps" signature={game.winnerPayoutSignature} />],
    ...(game.payoutDecision
      ? ([
          ['Payout Decision', game.payoutDecision],
          ['Decided', <DateText key="pd" value={game.payoutDecidedAt} />],
        ] as [string, ReactNode][])
      : []),
    ...refundFields(game),
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
      <section aria-label="Support notes">
        <h4 className="mb-2 font-bold text-green-300 text-xs uppercase tracking-wider">Support Notes</h4>
        <SupportNotesPanel kind="game" target={game.id} />
      </section>
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
