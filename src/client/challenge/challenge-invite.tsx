import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ChallengeAnswer } from '../../common/api/challenge-api.ts';
import { formatSol, lamportsToSolString, shortenAddress } from '../../common/format.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { PAGE_ROUTES } from '../../common/page-routes.ts';
import { useSearchClock } from '../lobby/use-search-clock.ts';
import { Spinner } from '../ui/spinner.tsx';
import { fetchActionPayment, fetchChallenge } from './challenge-fetch.ts';
import { expiresInText } from './challenge-link.ts';

export const CHALLENGE_INVITE_TEXTS = {
  title: 'YOU ARE CHALLENGED',
  closedTitle: 'CHALLENGE',
  loading: 'Loading the challenge...',
  failed: 'This challenge could not be loaded. Check the link, or try again in a moment.',
  notFound: 'No challenge has this link. Check that it was copied whole.',
  closed: {
    accepted: 'This challenge has already been accepted.',
    cancelled: 'This challenge was cancelled by the player who made it.',
    expired: 'This challenge expired before anyone accepted it.',
  },
  own: 'This is your own challenge: send its link to a friend. You cannot accept it yourself.',
  connect: 'Connect your wallet below to accept.',
  accept: 'Accept Challenge',
  acceptPaid: 'Accept with the payment made in your wallet',
  paidThroughAction:
    'Your wallet already paid this entry through the challenge link: accepting uses that payment, nothing is paid again.',
  refundAction:
    'Your wallet paid this entry through the challenge link, but the challenge is closed: it is refunded to you in full.',
  claimRefund: 'Refund it now',
  lobby: 'Play someone else',
} as const;

/** What accepting costs and wins, in words: the terms the player accepts with the button. */
export function challengeTermsText(
  answer: Pick<ChallengeAnswer, 'mode' | 'stakeLamports' | 'prizeLamports'>,
) {
  const stake = BigInt(answer.stakeLamports);
  if (stake === 0n) return 'A free practice match: nothing is paid and nothing is won.';
  return `You pay the entry of ${lamportsToSolString(stake)} SOL, as your challenger did; the winner is paid ${lamportsToSolString(BigInt(answer.prizeLamports))} SOL.`;
}

/**
 * The page a challenge's link opens (`/challenge/<code>`), above the lobby: who challenges, the mode, the stake
 * and the prize, the time left, and 'Accept Challenge', which pays the entry through the wallet like Find
 * Match and is matched with the challenger at once. A link that leads nowhere any more says why.
 */
export function ChallengeInvite({
  code,
  walletAddress,
  canAccept,
  accepting,
  onAccept,
  signedIn = false,
  onUsePayment,
}: {
  code: string;
  /** The connected wallet, or null (the accept waits for it). */
  walletAddress: string | null;
  /** The lobby's rules allow a search of the challenge's mode now (not banned, affordable, not searching). */
  canAccept: (mode: GameModeId) => boolean;
  accepting: boolean;
  onAccept(mode: GameModeId): void;
  /** The wallet is signed in: a payment it made through the challenge's Solana Action can be looked up. */
  signedIn?: boolean;
  /** Sends the search with that payment (accepting, or, for a closed challenge, to have it refunded at once). */
  onUsePayment?(mode: GameModeId, signature: string): void;
}) {
  const challenge = useQuery({
    queryKey: ['challenge', code],
    queryFn: () => fetchChallenge(code),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 15_000 : false),
  });
  const answer = challenge.data;
  const open = answer?.status === 'open';
  const paidAlready = useQuery({
    queryKey: ['challenge-action-payment', code, walletAddress],
    queryFn: () => fetchActionPayment(code),
    enabled: Boolean(signedIn && walletAddress && answer && BigInt(answer.stakeLamports) > 0n),
  });
  const actionPayment = paidAlready.data ?? null;
  const expiresAt = answer ? Date.parse(answer.expiresAt) : null;
  // The device's clock may be off: the time left is counted from the server's answer.
  const skew = answer ? Date.parse(answer.serverTime) - challenge.dataUpdatedAt : 0;
  const now = useSearchClock(challenge.dataUpdatedAt, open) + skew;
  return (
    <section
      aria-labelledby="challenge-title"
      data-testid="challenge-invite"
      className="mx-auto mt-6 max-w-xl rounded-lg border-2 border-fuchsia-400/70 bg-slate-950/85 p-5 text-left shadow-fuchsia-500/10 shadow-lg"
    >
      <h3 id="challenge-title" className="font-bold text-fuchsia-200 text-lg tracking-[0.25em]">
        {answer && !open ? CHALLENGE_INVITE_TEXTS.closedTitle : CHALLENGE_INVITE_TEXTS.title}
      </h3>
      {challenge.isPending ? (
        <p className="mt-3 flex items-center gap-2 text-slate-400 text-xs">
          <Spinner className="h-3 w-3" /> {CHALLENGE_INVITE_TEXTS.loading}
        </p>
      ) : challenge.isError ? (
        <p role="alert" className="mt-3 text-red-300 text-xs">
          {CHALLENGE_INVITE_TEXTS.failed}
        </p>
      ) : !answer ? (
        <p role="alert" className="mt-3 text-red-300 text-xs">
          {CHALLENGE_INVITE_TEXTS.notFound}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-200 text-sm">
            <span className="font-bold text-yellow-200">{shortenAddress(answer.challengerAddress)}</span>{' '}
            challenges you to a match of{' '}
            <span className="font-bold" style={{ color: getGameMode(answer.mode).color }}>
              {getGameMode(answer.mode).name}
            </span>
            , first to 11.
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-slate-400">Stake</dt>
              <dd className="text-cyan-200">
                {BigInt(answer.stakeLamports) === 0n
                  ? 'Free'
                  : formatSol(getGameMode(answer.mode).wagerAmount)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">Prize</dt>
              <dd className="text-green-300">
                {BigInt(answer.stakeLamports) === 0n ? '-' : formatSol(getGameMode(answer.mode).winAmount)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">{open ? 'Expires in' : 'Status'}</dt>
              <dd data-testid="challenge-status" className="text-yellow-200">
                {open && expiresAt !== null ? expiresInText(expiresAt, now) : answer.status}
              </dd>
            </div>
          </dl>
          {!open ? (
            <>
              <p role="status" className="mt-3 text-slate-300 text-xs">
                {CHALLENGE_INVITE_TEXTS.closed[answer.status as keyof typeof CHALLENGE_INVITE_TEXTS.closed]}{' '}
                <Link href={PAGE_ROUTES.home} className="text-cyan-300 underline">
                  {CHALLENGE_INVITE_TEXTS.lobby}
                </Link>
              </p>
              {actionPayment && (
                <p data-testid="action-payment-refund" className="mt-2 text-[11px] text-yellow-200">
                  {CHALLENGE_INVITE_TEXTS.refundAction}{' '}
                  <button
                    type="button"
                    onClick={() => onUsePayment?.(answer.mode, actionPayment)}
                    className="text-cyan-300 underline"
                  >
                    {CHALLENGE_INVITE_TEXTS.claimRefund}
                  </button>
                </p>
              )}
            </>
          ) : walletAddress === answer.challengerAddress ? (
            <p className="mt-3 text-slate-300 text-xs">{CHALLENGE_INVITE_TEXTS.own}</p>
          ) : (
            <>
              <p className="mt-3 text-[11px] text-slate-400">{challengeTermsText(answer)}</p>
              {actionPayment && (
                <p data-testid="action-payment-found" className="mt-2 text-[11px] text-green-300">
                  {CHALLENGE_INVITE_TEXTS.paidThroughAction}
                </p>
              )}
              {walletAddress === null && (
                <p className="mt-2 text-[11px] text-yellow-200">{CHALLENGE_INVITE_TEXTS.connect}</p>
              )}
              <button
                type="button"
                data-testid="accept-challenge"
                disabled={walletAddress === null || accepting || !canAccept(answer.mode)}
                onClick={() =>
                  actionPayment ? onUsePayment?.(answer.mode, actionPayment) : onAccept(answer.mode)
                }
                className="mt-3 inline-flex items-center gap-2 rounded bg-fuchsia-400 px-6 py-2 font-bold text-slate-950 text-sm tracking-widest hover:bg-fuchsia-300 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {accepting && <Spinner />}
                {actionPayment ? CHALLENGE_INVITE_TEXTS.acceptPaid : CHALLENGE_INVITE_TEXTS.accept}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}
