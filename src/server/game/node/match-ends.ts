import type { Clock } from '../../../common/clock.ts';
import type { Logger } from '../../logger.ts';
import type { WalletAnalytics } from '../analytics-port.ts';
import type { GameMoney } from '../game-ports.ts';
import { type LiveMatch, noteQuality } from '../live-match.ts';
import type { MatchResult } from '../match/match-types.ts';
import type { GameStore } from '../store/game-store.ts';
import type { Peers } from '../topology.ts';
import { settleChallengerNoShow } from './challenger-no-show.ts';
import type { NodeSessions } from './node-sessions.ts';
import type { Rematches } from './rematches.ts';

export interface MatchEndDeps {
  store: Pick<GameStore, 'recordResult'> & Parameters<typeof settleChallengerNoShow>[0];
  clock: Clock;
  sessions: Pick<NodeSessions, 'trackEnd'>;
  rematches: Pick<Rematches, 'ended'>;
  peers: Pick<Peers, 'moved'>;
  analytics: WalletAnalytics;
  money: GameMoney | undefined;
  sleep: (ms: number) => Promise<void>;
  log: Logger;
  stopping: () => boolean;
  /** Resolves when the stop begins: a result still retrying gives up waiting then. */
  stopped: Promise<void>;
  /** Told once a result is written (the risk pass); what it throws is caught and logged. */
  onResultRecorded: ((gameId: string) => void) | undefined;
}

/**
 * How a match of this node ends: its result written (its money hook and analytics in the same transaction),
 * or a challenge whose challenger never came settled; either way the write is tracked by the node's
 * sessions, so a stop waits for it and the players' next search waits for its commit.
 */
export function createMatchEnds(deps: MatchEndDeps) {
  const { store, clock, sessions, peers, money, sleep, log } = deps;

  const finish = async (live: LiveMatch, result: MatchResult) => {
    deps.rematches.ended(live, clock.now());
    noteQuality(live);
    for (const entry of live.start.entries) peers.moved(entry.player.walletAddress);
    await store.recordResult(result, live.start, {
      analytics: deps.analytics,
      hooks: money ? [money.matchEnded] : [],
      connectionQuality: live.quality,
      sleep,
      log,
      stopping: deps.stopping,
      stopped: deps.stopped,
      ...(money ? { money } : {}),
      now: () => clock.now(),
    });
    try {
      deps.onResultRecorded?.(result.id);
    } catch (error) {
      log(`after recording match ${result.id}: the result follower failed`, error);
    }
  };

  return {
    /** The match is over with `result`. */
    finished(live: LiveMatch, result: MatchResult): void {
      sessions.trackEnd(live, finish(live, result));
    },
    /** The match was called off at `at` (its challenger did not come): settled in full. */
    cancelled(live: LiveMatch, at: number): void {
      for (const entry of live.start.entries) peers.moved(entry.player.walletAddress);
      sessions.trackEnd(
        live,
        settleChallengerNoShow(store, live, at, {
          money,
          sleep,
          stopping: deps.stopping,
          stopped: deps.stopped,
          log,
        }),
      );
    },
  };
}
