import type { Clock } from '../../../common/clock.ts';
import type {
  HeldRefund,
  HeldThing,
  Holding,
  ServerMessageOf,
  SettledSearch,
} from '../../../common/protocol.ts';
import type { Logger } from '../../logger.ts';
import type { PlayerLink } from '../game-ports.ts';
import { liveMatchOf } from '../live-match.ts';
import type { QueueEntry } from '../queue-entry.ts';
import type { GameStore, RefundRecord, SearchOutcome, SearchRef } from '../store/game-store.ts';
import type { NodeSessions } from './node-sessions.ts';

/** What telling `held` reads: the node's sessions, the store's `K` questions, the clock and the log. */
type HeldDeps<K extends keyof GameStore> = {
  sessions: Pick<NodeSessions, 'matches' | 'searches'>;
  store: Pick<GameStore, K>;
  clock: Clock;
  log: Logger;
};

/**
 * `held`: what this node holds for the link's wallet, and what became of the search the page named in its
 * `connect`, told on every connection so the page follows the server, never the other way round (a search
 * the server closed at a restart is cleared from the page, with its refund's exact amount). The outcome is
 * read for the link's own wallet only (the session's, whatever a message claims): another wallet's refunds
 * are never told.
 */
export async function heldReport(
  deps: HeldDeps<'searchOutcome'>,
  link: PlayerLink,
  holding: SearchRef | undefined,
  elsewhere: string | null = null,
): Promise<ServerMessageOf<'held'>> {
  const wallet = link.walletAddress;
  if (!wallet) return { type: 'held', holds: { kind: 'nothing' }, settled: null };
  const holds = heldNow(deps, wallet, elsewhere);
  let settled: SettledSearch | null = null;
  if (
    holding &&
    (holding.searchId || holding.paymentSignature) &&
    !holdsTheSame(holds, deps, wallet, holding)
  ) {
    try {
      settled = settledOf(await deps.store.searchOutcome(wallet, holding));
    } catch (error) {
      // The page is still told what is held; the outcome comes with its next connection.
      deps.log(`reading what became of the search of ${wallet} failed`, error);
    }
  }
  return { type: 'held', holds, settled };
}

/**
 * `held` on a connection: `heldReport`, and when the page names a match it left while the server could not be
 * told (`holding.gameId`, not held now), what a stop's interruption of that match refunded, as a `reconnect`
 * naming it is told (`interruptedMatchReport`).
 */
export async function heldOnConnect(
  deps: HeldDeps<'searchOutcome' | 'interruptedMatchEntry'>,
  link: PlayerLink,
  holding: Holding | undefined,
  elsewhere: string | null = null,
): Promise<ServerMessageOf<'held'>> {
  const report = await heldReport(deps, link, holding, elsewhere);
  const left = holding?.gameId;
  if (report.settled || !left || (report.holds.kind === 'match' && report.holds.gameId === left))
    return report;
  const interrupted = await interruptedMatchReport(deps, link, left);
  return interrupted ? { ...report, settled: interrupted.settled } : report;
}

/**
 * `held` after a `reconnect` named a game this node no longer holds: when a server stop interrupted that
 * game, what became of the wallet's own entry into it (status `interrupted`, its full refund's exact amount,
 * share and reason, its signature once sent). Null when there is nothing of the kind to tell (the game
 * ended otherwise, or lives on another node): the page's other messages say the rest.
 */
export async function interruptedMatchReport(
  deps: HeldDeps<'interruptedMatchEntry'>,
  link: PlayerLink,
  gameId: string,
): Promise<ServerMessageOf<'held'> | null> {
  const wallet = link.walletAddress;
  if (!wallet) return null;
  try {
    const settled = settledOf(await deps.store.interruptedMatchEntry(wallet, gameId));
    return settled ? { type: 'held', holds: heldNow(deps, wallet, null), settled } : null;
  } catch (error) {
    deps.log(`reading what became of the match ${gameId} of ${wallet} failed`, error);
    return null;
  }
}

function heldNow(
  deps: { sessions: Pick<NodeSessions, 'matches' | 'searches'>; clock: Clock },
  wallet: string,
  elsewhere: string | null,
): HeldThing {
  const live = liveMatchOf(deps.sessions.matches, wallet);
  if (live) return { kind: 'match', gameId: live.match.id };
  if (elsewhere) return { kind: 'match', gameId: elsewhere };
  const entry = ownSearch(deps.sessions, wallet);
  if (!entry) return { kind: 'nothing' };
  const search = {
    searchId: entry.id,
    gameMode: entry.mode,
    waitedMs: Math.max(0, Math.round(deps.clock.now() - entry.joinedAt)),
    entryLamports: entry.paid ? entry.paid.lamports.toString() : null,
  };
  const challenge = entry.challenge;
  if (challenge?.rematchOf)
    return { kind: 'rematch', ...search, gameId: challenge.rematchOf, expiresAt: challenge.expiresAt };
  if (challenge)
    return { kind: 'challenge', ...search, code: challenge.code, expiresAt: challenge.expiresAt };
  return { kind: 'search', ...search };
}

function ownSearch(sessions: Pick<NodeSessions, 'searches'>, wallet: string): QueueEntry | undefined {
  return sessions.searches.all().find(({ entry }) => entry.player.walletAddress === wallet)?.entry;
}

/** The page named the very search this node holds: nothing settled to tell. */
function holdsTheSame(
  holds: HeldThing,
  deps: { sessions: Pick<NodeSessions, 'searches'> },
  wallet: string,
  holding: SearchRef,
): boolean {
  if (holds.kind === 'nothing' || holds.kind === 'match') return false;
  if (holding.searchId) return holding.searchId === holds.searchId;
  return ownSearch(deps.sessions, wallet)?.paid?.signature === holding.paymentSignature;
}

function settledOf(outcome: SearchOutcome | null): SettledSearch | null {
  // Still open on the record but not held here (another node holds it): not settled, nothing to tell.
  if (!outcome || outcome.status === 'active') return null;
  return {
    searchId: outcome.searchId,
    gameMode: outcome.mode,
    status: outcome.status,
    gameId: outcome.gameId,
    refund: outcome.refund ? heldRefundOf(outcome.refund) : null,
  };
}

function heldRefundOf(refund: RefundRecord): HeldRefund {
  const status =
    refund.jobStatus === 'confirmed' ? 'confirmed' : refund.jobStatus === 'sent' ? 'sent' : 'pending';
  return {
    lamports: refund.lamports.toString(),
    percent: refund.percent,
    reason: refund.reason,
    status,
    signature: status === 'pending' ? null : refund.signature,
    transactionId: refund.transactionId,
  };
}
