import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { judgedWallets, measureGame } from './game-measure.ts';
import { type FlagOutcome, flagIfRisky } from './risk-flag.ts';
import type { RiskPorts } from './risk-ports.ts';
import { assessWallet, storeAssessment } from './wallet-assessment.ts';

export interface RiskWatchDeps extends RiskPorts {
  db: Database;
  clock: Clock;
  /** RISK_FLAG_THRESHOLD: a wallet whose score reaches it is flagged for review. */
  flagThreshold: number;
  log: Logger;
}

/**
 * The risk pass of one recorded game: measure it (its figures, integrity score, suspicious mark), then judge
 * each of its players afresh (score, evidence, IP marks) and flag those at the threshold.
 */
export async function assessGame(
  deps: RiskWatchDeps,
  gameId: string,
): Promise<Array<{ wallet: string; score: number; flag: FlagOutcome }>> {
  const game = await measureGame(deps.db, gameId);
  if (!game) return [];
  const outcomes = [];
  for (const wallet of judgedWallets(game)) {
    const assessment = await assessWallet(deps.db, deps.clock, wallet);
    await storeAssessment(deps.db, deps.analytics, assessment);
    const flag = await flagIfRisky(deps, wallet, assessment.evidence, deps.flagThreshold, game);
    outcomes.push({ wallet, score: assessment.evidence.score, flag });
  }
  return outcomes;
}

/**
 * The most recorded games waiting for their risk pass. Overflow policy: a game past it is not measured (it
 * is logged); its players are judged again at their next game, from their other games. The pass is a
 * review aid, so under a flood the matches and their payouts come first.
 */
export const MAX_WAITING_GAMES = 1_000;

/**
 * Runs the risk pass after each match's result is recorded, one game at a time, off the match's path: told
 * of a game, it only queues it, so it never slows or fails a settlement or a payout; its own errors are
 * caught and logged. `idle` resolves once every game told so far is done (tests; a stop).
 */
export function createRiskWatch(deps: RiskWatchDeps) {
  let waiting = 0;
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();
  return {
    matchRecorded(gameId: string): void {
      if (stopped) return;
      if (waiting >= MAX_WAITING_GAMES) {
        deps.log(`risk pass: ${waiting} games waiting; game ${gameId} is not measured`);
        return;
      }
      waiting += 1;
      chain = chain
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => (stopped ? [] : assessGame(deps, gameId)))
        .then(
          () => {},
          (error: unknown) => deps.log(`risk pass of game ${gameId} failed`, error),
        )
        .finally(() => {
          waiting -= 1;
        });
    },
    idle: (): Promise<void> => chain,
    /** Games still waiting are dropped; the one under way finishes. */
    stop(): Promise<void> {
      stopped = true;
      return chain;
    },
  };
}

export type RiskWatch = ReturnType<typeof createRiskWatch>;
