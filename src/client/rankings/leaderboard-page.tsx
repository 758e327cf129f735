import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  type LeaderboardPeriod,
  type LeaderboardSort,
  MIN_RANKED_GAMES,
} from '../../common/api/rankings-api.ts';
import { shortenAddress } from '../../common/format.ts';
import { PAGE_ROUTES, playerPagePath } from '../../common/page-routes.ts';
import { solAmountText } from '../history/history-amounts.ts';
import { Spinner } from '../ui/spinner.tsx';
import { fetchBoard } from './rankings-fetch.ts';
import { VisibilityChoice } from './visibility-choice.tsx';

export const LEADERBOARD_TEXTS = {
  title: 'LEADERBOARD',
  periods: { week: 'This week', all: 'All time' } satisfies Record<LeaderboardPeriod, string>,
  sorts: { net: 'Net winnings', wins: 'Wins', winRate: 'Win rate' } satisfies Record<LeaderboardSort, string>,
  paidOnly: 'Paid matches only. Practice and the house bot are never counted.',
  minGames: (n: number) => `Win rate ranks players with at least ${n} paid matches in the period.`,
  empty: 'No paid matches in this period yet.',
  failed: 'The leaderboard could not be loaded.',
  back: 'Back to the game',
} as const;

/**
 * On a phone the table keeps the rank, the player, the figure it is ranked by and the net, so it fits the
 * screen without a sideways scroll; from 640 px every column shows.
 */
const column = (shownOnPhones: boolean) => (shownOnPhones ? '' : 'hidden sm:table-cell');

const chip = (on: boolean) =>
  `rounded-full border px-3 py-1 text-xs ${
    on ? 'border-yellow-300 bg-yellow-300/20 text-yellow-200' : 'border-slate-600 text-slate-300'
  }`;

/** The public leaderboard: this week or all time, ranked by net winnings, wins or win rate. */
export function LeaderboardPage() {
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const [sort, setSort] = useState<LeaderboardSort>('net');
  const board = useQuery({
    queryKey: ['leaderboard', period, sort],
    queryFn: () => fetchBoard(period, sort),
  });
  return (
    <section
      aria-labelledby="leaderboard-title"
      className="mt-6 w-full max-w-3xl rounded-lg border-2 border-cyan-400/50 bg-slate-950/85 p-4 font-retro text-slate-200"
    >
      <h2 id="leaderboard-title" className="font-bold text-2xl text-cyan-300 tracking-[0.3em]">
        {LEADERBOARD_TEXTS.title}
      </h2>
      <p className="mt-1 text-[11px] text-slate-400">{LEADERBOARD_TEXTS.paidOnly}</p>
      <fieldset className="mt-3 flex flex-wrap gap-2">
        <legend className="sr-only">Period</legend>
        {(['week', 'all'] as const).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={period === p}
            onClick={() => setPeriod(p)}
            className={chip(period === p)}
          >
            {LEADERBOARD_TEXTS.periods[p]}
          </button>
        ))}
      </fieldset>
      <fieldset className="mt-2 flex flex-wrap gap-2">
        <legend className="sr-only">Rank by</legend>
        {(['net', 'wins', 'winRate'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={sort === s}
            onClick={() => setSort(s)}
            className={chip(sort === s)}
          >
            {LEADERBOARD_TEXTS.sorts[s]}
          </button>
        ))}
      </fieldset>
      {sort === 'winRate' && (
        <p className="mt-2 text-[11px] text-slate-400">{LEADERBOARD_TEXTS.minGames(MIN_RANKED_GAMES)}</p>
      )}
      {board.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-slate-400 text-xs">
          <Spinner className="h-3 w-3" /> Loading...
        </p>
      ) : board.isError ? (
        <p role="alert" className="mt-4 text-red-300 text-xs">
          {LEADERBOARD_TEXTS.failed}
        </p>
      ) : board.data.rows.length === 0 ? (
        <p className="mt-4 text-slate-400 text-xs">{LEADERBOARD_TEXTS.empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table data-testid="leaderboard" className="w-full text-left text-xs">
            <thead className="text-slate-400">
              <tr>
                <th className="py-1 pr-2">#</th>
                <th className="py-1 pr-2">Player</th>
                <th className={`py-1 pr-2 text-right ${column(false)}`}>Games</th>
                <th className={`py-1 pr-2 text-right ${column(sort === 'wins')}`}>Wins</th>
                <th className={`py-1 pr-2 text-right ${column(sort === 'winRate')}`}>Win rate</th>
                <th className="py-1 text-right">Net</th>
              </tr>
            </thead>
            <tbody>
              {board.data.rows.map((row) => {
                const net = BigInt(row.netLamports);
                return (
                  <tr
                    key={row.walletAddress}
                    data-testid="leaderboard-row"
                    className="border-slate-800 border-t"
                  >
                    <td className="py-1 pr-2 text-yellow-200">{row.rank}</td>
                    <td className="py-1 pr-2">
                      <Link
                        href={playerPagePath(row.walletAddress)}
                        className="text-cyan-300 underline underline-offset-2"
                      >
                        {shortenAddress(row.walletAddress)}
                      </Link>
                    </td>
                    <td className={`py-1 pr-2 text-right ${column(false)}`}>{row.games}</td>
                    <td className={`py-1 pr-2 text-right ${column(sort === 'wins')}`}>{row.wins}</td>
                    <td className={`py-1 pr-2 text-right ${column(sort === 'winRate')}`}>
                      {Math.round(row.winRate * 100)}%
                    </td>
                    <td
                      className={`whitespace-nowrap py-1 text-right ${net >= 0n ? 'text-green-300' : 'text-red-300'}`}
                    >
                      {solAmountText(net, true)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <VisibilityChoice />
      <Link
        href={PAGE_ROUTES.home}
        className="mt-5 inline-block rounded border-2 border-green-400 px-4 py-2 text-green-300 text-sm hover:bg-green-400/10"
      >
        {LEADERBOARD_TEXTS.back}
      </Link>
    </section>
  );
}

export default LeaderboardPage;
