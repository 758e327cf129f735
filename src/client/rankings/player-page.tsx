import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { formatDate, shortenAddress } from '../../common/format.ts';
import { PAGE_ROUTES } from '../../common/page-routes.ts';
import { isWalletAddress } from '../../common/wallet-address.ts';
import { solAmountText } from '../history/history-amounts.ts';
import { modeLabel } from '../history/history-labels.ts';
import { NotFound } from '../not-found.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { fetchProfile } from './rankings-fetch.ts';
import { VisibilityChoice } from './visibility-choice.tsx';

export const PLAYER_PAGE_TEXTS = {
  title: 'PLAYER',
  none: 'No public record for this player: no finished match yet, or they keep their page private.',
  failed: 'This page could not be loaded.',
  recent: 'Recent results',
  leaderboard: 'Leaderboard',
  back: 'Back to the game',
} as const;

/**
 * A player's public page: their figures and latest results, never their opponents. Only a well-formed address
 * is a page: any other text in the URL gets the not-found screen and is never shown (RELIABILITY 36).
 */
export function PlayerPage() {
  const { address = '' } = useParams<{ address: string }>();
  if (!isWalletAddress(address)) return <NotFound />;
  return <PlayerRecord address={address} />;
}

function PlayerRecord({ address }: { address: string }) {
  const profile = useQuery({ queryKey: ['player', address], queryFn: () => fetchProfile(address) });
  const page = profile.data;
  return (
    <section
      aria-labelledby="player-title"
      className="mt-6 w-full max-w-2xl rounded-lg border-2 border-cyan-400/50 bg-slate-950/85 p-4 font-retro text-slate-200"
    >
      <h2 id="player-title" className="font-bold text-2xl text-cyan-300 tracking-[0.3em]">
        {PLAYER_PAGE_TEXTS.title}{' '}
        <span className="text-base text-yellow-200 tracking-normal">{shortenAddress(address)}</span>
      </h2>
      <p className="mt-1 break-all text-[10px] text-slate-500">{address}</p>
      {profile.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-slate-400 text-xs">
          <Spinner className="h-3 w-3" /> Loading...
        </p>
      ) : profile.isError ? (
        <p role="alert" className="mt-4 text-red-300 text-xs">
          {PLAYER_PAGE_TEXTS.failed}
        </p>
      ) : !page ? (
        <p className="mt-4 text-slate-300 text-xs">{PLAYER_PAGE_TEXTS.none}</p>
      ) : (
        <>
          <dl data-testid="player-figures" className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {(
              [
                ['Games', String(page.games)],
                ['Wins', String(page.wins)],
                ['Best streak', String(page.bestStreak)],
                ['Favourite mode', modeLabel(page.favouriteMode)],
                ['Net (paid)', solAmountText(BigInt(page.netLamports), true)],
              ] as const
            ).map(([name, value]) => (
              <div key={name} className="rounded border border-slate-700 bg-slate-900/70 p-2">
                <dt className="text-[10px] text-slate-400">{name}</dt>
                <dd className="font-bold text-slate-100 text-sm">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-5 font-bold text-cyan-300 text-sm">{PLAYER_PAGE_TEXTS.recent}</h3>
          <ul className="mt-2 space-y-1">
            {page.recent.map((r) => (
              <li
                key={`${r.endedAt}-${r.score}`}
                data-testid="player-result"
                className="flex flex-wrap items-center gap-x-3 rounded border border-slate-800 bg-slate-900/60 px-2 py-1 text-xs"
              >
                <span className="font-bold">{modeLabel(r.gameMode)}</span>
                <span className={r.result === 'win' ? 'text-green-300' : 'text-red-300'}>
                  {r.result === 'win' ? 'WIN' : 'LOSS'}
                  {r.forfeit ? ' · FORFEIT' : ''}
                </span>
                <span>{r.score}</span>
                <span className="ml-auto text-[10px] text-slate-500">
                  {formatDate(r.endedAt, { withTime: true })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <VisibilityChoice />
      <div className="mt-5 flex flex-wrap gap-3">
        <Link
          href={PAGE_ROUTES.leaderboard}
          className="inline-block rounded border-2 border-cyan-400 px-4 py-2 text-cyan-200 text-sm hover:bg-cyan-400/10"
        >
          {PLAYER_PAGE_TEXTS.leaderboard}
        </Link>
        <Link
          href={PAGE_ROUTES.home}
          className="inline-block rounded border-2 border-green-400 px-4 py-2 text-green-300 text-sm hover:bg-green-400/10"
        >
          {PLAYER_PAGE_TEXTS.back}
        </Link>
      </div>
    </section>
  );
}

export default PlayerPage;
