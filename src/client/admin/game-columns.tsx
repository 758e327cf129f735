import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import { adminPlacePath } from '../../common/admin-places.ts';
import { type AdminGameRow, PAYOUT_STATE_TEXTS } from '../../common/api/admin-rows.ts';
import { modeLabel } from '../history/history-labels.ts';
import { Amount, DateText, GameIdLink, SignatureLink, WalletLink } from './admin-cells.tsx';

const col = createColumnHelper<AdminGameRow>();

/** The game's page, where its replay plays. */
function ReplayLink({ game }: { game: AdminGameRow }) {
  return (
    <Link
      href={adminPlacePath({ kind: 'game', id: game.id })}
      aria-label={`Replay game ${game.id}`}
      className="whitespace-nowrap rounded border border-green-500 px-2 py-0.5 text-[11px] text-green-300 hover:bg-green-950"
    >
      Replay
    </Link>
  );
}

/** The winning wallet: the API names it by address ('player1' / 'player2' are read too). */
export function winnerWallet(game: AdminGameRow): string | null {
  if (game.winner === 'player1') return game.player1Wallet;
  if (game.winner === 'player2') return game.player2Wallet;
  return game.winner;
}

function Players({ game }: { game: AdminGameRow }) {
  return (
    <span className="flex flex-col gap-0.5">
      <WalletLink address={game.player1Wallet} />
      <WalletLink address={game.player2Wallet} />
    </span>
  );
}

/**
 * The winner's payout as the ledger has it: the amount once sent; otherwise what stands in its way (owed,
 * held, cancelled with the loser refunded), the amount the ledger carries beside it.
 */
export function PayoutCell({ game }: { game: AdminGameRow }) {
  if (game.payoutState === 'none') return <span className="text-slate-500">-</span>;
  const amount = <Amount sol={null} lamports={game.payoutLedgerLamports ?? game.winnerPayoutLamports} />;
  if (game.payoutState === 'sent') return amount;
  const tone =
    game.payoutState === 'refunded_loser' || game.payoutState === 'failed'
      ? 'text-red-300'
      : 'text-amber-300';
  return (
    <span className="flex flex-col gap-0.5">
      <span className={game.payoutState === 'refunded_loser' ? 'line-through decoration-slate-500' : ''}>
        {amount}
      </span>
      <span className={`block max-w-[13rem] text-[11px] ${tone}`}>
        {PAYOUT_STATE_TEXTS[game.payoutState]}
      </span>
    </span>
  );
}

/** The Games table's columns (SPEC §3 admin game), shared by the Games tab and a wallet's detail. */
export const GAME_COLUMNS = [
  col.accessor('createdAt', { header: 'Date', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('id', { header: 'Game', cell: (c) => <GameIdLink id={c.getValue()} /> }),
  col.display({ id: 'replay', header: 'Replay', cell: (c) => <ReplayLink game={c.row.original} /> }),
  col.accessor('mode', {
    header: 'Mode',
    cell: (c) => <span className="whitespace-nowrap">{modeLabel(c.getValue())}</span>,
  }),
  col.display({ id: 'players', header: 'Players', cell: (c) => <Players game={c.row.original} /> }),
  col.accessor('finalScore', { header: 'Score', cell: (c) => c.getValue() ?? '-' }),
  col.display({
    id: 'winner',
    header: 'Winner',
    cell: (c) => <WalletLink address={winnerWallet(c.row.original)} />,
  }),
  col.accessor('entryFee', {
    header: 'Entry Fee',
    cell: (c) => <Amount sol={c.getValue()} lamports={c.row.original.entryFeeLamports} />,
  }),
  col.accessor('winnerPayoutAmount', {
    header: 'Payout',
    cell: (c) => <PayoutCell game={c.row.original} />,
  }),
  col.accessor('winnerPayoutSignature', {
    header: 'Payout Signature',
    cell: (c) => <SignatureLink signature={c.getValue()} />,
  }),
  col.accessor('completionStatus', { header: 'Status', cell: (c) => c.getValue() ?? '-' }),
];
