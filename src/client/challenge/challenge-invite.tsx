import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ChallengeAnswer } from '../../common/api/challenge-api.ts';
import { CHALLENGE_INVITE_TEXTS } from '../../common/challenge-texts.ts';
import { canPayEntry } from '../../common/entry-cost.ts';
import { formatLamports, shortenAddress } from '../../common/format.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { PAGE_ROUTES } from '../../common/page-routes.ts';
import { useSearchClock } from '../lobby/use-search-clock.ts';
import { Spinner } from '../ui/spinner.tsx';
import { fetchActionPayment, fetchChallenge } from './challenge-fetch.ts';
import { expiresInText } from './challenge-link.ts';

export { CHALLENGE_INVITE_TEXTS };

/** What accepting costs and wins, in words: the terms the player accepts with the button. */
export function challengeTermsText(
  answer: Pick<ChallengeAnswer, 'mode' | 'stakeLamports' | 'prizeLamports'>,
) {
  const stake = BigInt(answer.stakeLamports);
  if (stake === 0n) return 'A free practice match: nothing is paid and nothing is won.';
  return `You pay the entry of ${formatLamports(stake)}, as your challenger did; the winner is paid ${formatLamports(BigInt(answer.prizeLamports))}.`;
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
  closedReason,
  accepting,
  onAccept,
  signedIn = false,
  onUsePayment,
  balanceLamports,
}: {
  code: string;
  /** The connected wallet, or null (the accept waits for it). */
  walletAddress: string | null;
  /**
   * The lobby's rules allow a search of the challenge's mode now (not banned, affordable, not searching);
   * `paidThroughAction`: the entry is already paid through the challenge's Solana Action.
   */
  canAccept: (mode: GameModeId, paidThroughAction: boolean) => boolean;
  /** Why paid play of that mode is closed to this player before any payment (their limits), or null. */
  closedReason?: (mode: GameModeId) => string | null;
  accepting: boolean;
  onAccept(mode: GameModeId): void;
  /** The wallet is signed in: a payment it made through the challenge's Solana Action can be looked up. */
  signedIn?: boolean;
  /** Sends the search with that payment (accepting, or, for a closed challenge, to have it refunded at once). */
  onUsePayment?(mode: GameModeId, signature: string): void;
  /** The connected wallet's balance (null until read): a paid entry it cannot pay says what it needs. */
  balanceLamports?: bigint | null;
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
        {inviteTitle(challenge.isPending || challenge.isError ? undefined : answer, walletAddress)}
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
                {BigInt(answer.stakeLamports) === 0n ? 'Free' : formatLamports(BigInt(answer.stakeLamports))}
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">Prize</dt>
              <dd className="text-green-300">
                {BigInt(answer.stakeLamports) === 0n ? '-' : formatLamports(BigInt(answer.prizeLamports))}
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
              {!closedReason?.(answer.mode) && !actionPayment && walletAddress !== null && (
                <NeedToAccept
                  wagerLamports={BigInt(answer.stakeLamports)}
                  balanceLamports={balanceLamports}
                />
              )}
              {closedReason?.(answer.mode) && (
                <p
                  role="status"
                  data-testid="accept-closed-reason"
                  className="mt-2 text-[11px] text-orange-300"
                >
                  {closedReason(answer.mode)}
                </p>
              )}
              <button
                type="button"
                data-testid="accept-challenge"
                disabled={
                  walletAddress === null || accepting || !canAccept(answer.mode, actionPayment !== null)
                }
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

/**
 * The heading says what the link leads to: someone's open challenge, the reader's own, a closed one (why), or
 * none at all; nothing is claimed while it is read (`answer` undefined) or could not be.
 */
function inviteTitle(answer: ChallengeAnswer | null | undefined, walletAddress: string | null): string {
  if (answer === undefined) return CHALLENGE_INVITE_TEXTS.closedTitle;
  if (answer === null) return CHALLENGE_INVITE_TEXTS.notFoundTitle;
  if (answer.status !== 'open') return CHALLENGE_INVITE_TEXTS.closedTitles[answer.status];
  return walletAddress === answer.challengerAddress
    ? CHALLENGE_INVITE_TEXTS.ownTitle
    : CHALLENGE_INVITE_TEXTS.title;
}

/** Why 'Accept Challenge' is greyed for want of funds: the exact amount the entry needs, and the balance. */
function NeedToAccept({
  wagerLamports,
  balanceLamports,
}: {
  wagerLamports: bigint;
  balanceLamports: bigint | null | undefined;
}) {
  if (wagerLamports === 0n || balanceLamports === undefined) return null;
  if (balanceLamports !== null && canPayEntry(balanceLamports, wagerLamports)) return null;
  return (
    <p role="status" data-testid="accept-need" className="mt-2 text-[11px] text-yellow-300">
      {balanceLamports === null
        ? CHALLENGE_INVITE_TEXTS.balanceUnknown
        : CHALLENGE_INVITE_TEXTS.needToAccept(wagerLamports, balanceLamports)}
    </p>
  );
}
