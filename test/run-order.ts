import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in: the longest first, so no worker is left alone with a two-minute browser file at
 * the end of a run while the other has finished. A file's length is what the last run on this machine
 * measured (Vitest's own results cache), else what `LONG_FILES` says (measured on the CI machine; a clean
 * clone has no cache), else it counts as short, and short files go by size, larger first, as Vitest does.
 * Refresh `LONG_FILES` after an `npm test` with `node scripts/long-files.mjs` (it reads those caches) when a
 * file grows past a minute or leaves the list's top.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weigh = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
      const seconds = cached !== undefined ? cached / 1000 : (LONG_SECONDS.get(file) ?? 0);
      return { spec, seconds, size: sizeOf(spec.moduleId) };
    };
    return files
      .map(weigh)
      .sort((a, b) => b.seconds - a.seconds || b.size - a.size)
      .map(({ spec }) => spec);
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Seconds each long file took, hooks included, in a full run on the two-core machine (files of 6 s or more). */
const LONG_FILES: ReadonlyArray<readonly [string, number]> = [
  ['e2e/screenshots.test.ts', 154],
  ['test/node-behind-faulty-rpc.test.ts', 149],
  ['test/soak/money-soak-two-nodes.test.ts', 120],
  ['e2e/cross-node-match-in-two-browsers.test.ts', 120],
  ['test/cluster/node-loss.test.ts', 90],
  ['e2e/challenge-a-friend-in-two-browsers.test.ts', 84],
  ['e2e/reconnect-window-in-two-browsers.test.ts', 81],
  ['e2e/practice-match-in-two-browsers.test.ts', 80],
  ['test/soak/money-soak.test.ts', 80],
  ['e2e/paid-match-in-two-browsers.test.ts', 72],
  ['e2e/admin-back-office.test.ts', 66],
  ['test/cluster/cross-node-match.test.ts', 63],
  ['e2e/entry-point.test.ts', 48],
  ['e2e/smooth-play-at-100ms-round-trip.test.ts', 40],
  ['e2e/house-bot.test.ts', 35],
  ['test/cluster/cluster-nodes.test.ts', 32],
  ['e2e/game-canvas.test.ts', 26],
  ['e2e/self-exclusion.test.ts', 24],
  ['src/server/admin/admin-login-abuse.test.ts', 24],
  ['e2e/cancel-search-refund.test.ts', 35],
  ['e2e/admin-across-restart.test.ts', 30],
  ['e2e/held-payout-in-back-office.test.ts', 30],
  ['src/server/admin/queries/admin-search.test.ts', 20],
  ['e2e/admin-addresses.test.ts', 20],
  ['src/server/admin/routes/list-filters-http.test.ts', 20],
  ['src/server/risk/risk-process.test.ts', 18],
  ['src/server/game/rematch.test.ts', 18],
  ['src/server/limits/limits-at-find-match.test.ts', 16],
  ['src/server/game/store/unwritable-result.test.ts', 16],
  ['src/server/tracking/tracking-over-server.test.ts', 15],
  ['e2e/ban-live.test.ts', 15],
  ['e2e/admin-list-filters.test.ts', 15],
  ['src/server/ledger/payout/held-payout.test.ts', 14],
  ['src/client/game-channel/practice-match-real-server.test.ts', 14],
  ['src/server/cluster/cluster-pairing.test.ts', 14],
  ['src/server/admin/routes/admin-role-matrix.test.ts', 13],
  ['e2e/admin-sign-in.test.ts', 13],
  ['e2e/admin-two-factor.test.ts', 12],
  ['src/server/game/drain.test.ts', 12],
  ['src/server/game/self-protection.test.ts', 12],
  ['e2e/shell.test.ts', 12],
  ['src/server/gateway/channel-floods-across-sockets.test.ts', 12],
  ['src/client/history/history-real-server.test.ts', 11],
  ['src/server/cluster/cluster-node.test.ts', 11],
  ['e2e/admin-roles-review.test.ts', 11],
  ['src/server/ledger/payout/payout-refused-transfer.test.ts', 11],
  ['src/server/tracking/restricted-before-paying.test.ts', 10],
  ['src/server/gateway/practice-match.test.ts', 10],
  ['src/server/admin/analytics/wallet-analytics.test.ts', 10],
  ['src/server/cluster/challenger-no-show-across-nodes.test.ts', 10],
  ['src/server/admin/routes/ban-history-http.test.ts', 9],
  ['src/server/admin/admin-session-guard.test.ts', 9],
  ['src/server/db/open-database.test.ts', 9],
  ['src/server/cluster/challenge-across-nodes.test.ts', 9],
  ['e2e/admin-events-and-ban-history.test.ts', 9],
  ['src/server/cluster/challenge-stakes-across-nodes.test.ts', 9],
  ['src/server/gateway/match-flow.test.ts', 9],
  ['src/server/admin/admin-request-guard.test.ts', 9],
  ['src/server/ledger/payout/payout-worker.test.ts', 9],
  ['src/server/risk/risk-after-settlement.test.ts', 9],
  ['src/server/ledger/paid-match.test.ts', 9],
  ['e2e/player-page-address.test.ts', 9],
  ['e2e/admin-sign-out.test.ts', 8],
  ['test/cluster/run-cluster.test.ts', 8],
  ['src/server/game/search-leaving-rule.test.ts', 8],
  ['src/server/game/entry-fee-outcome.test.ts', 8],
  ['src/server/game/pairing-start-one-transaction.test.ts', 8],
  ['src/server/gateway/channel-presence.test.ts', 8],
  ['src/server/game/socket-closed-while-pairing.test.ts', 8],
  ['src/server/ledger/payout/payout-reclaim-at-start.test.ts', 8],
  ['src/server/cluster/queue-lost-by-redis.test.ts', 8],
  ['src/server/ledger/reconcile/ledger-balance.test.ts', 8],
  ['src/server/db/unique-keys.test.ts', 8],
  ['src/server/admin/routes/admin-review-http.test.ts', 8],
  ['test/cluster/two-nodes-in-process.test.ts', 8],
  ['src/server/game/store/restart-settlement.test.ts', 8],
  ['src/server/game/search-during-stop.test.ts', 8],
  ['src/server/game/challenger-away.test.ts', 8],
  ['src/server/cli/reconcile-cli.test.ts', 8],
  ['src/server/ledger/entry/entry-verifier-faults.test.ts', 8],
  ['src/server/admin/routes/admin-overview.test.ts', 8],
  ['src/server/security/player-sessions.test.ts', 7],
  ['src/server/admin/routes/system-events-http.test.ts', 7],
  ['src/server/ledger/payout/game-settlement-audit.test.ts', 7],
  ['src/server/http/player-write-limit.test.ts', 7],
  ['src/server/security/ban-history.test.ts', 7],
  ['src/server/ledger/payout/payout-crash-restart.test.ts', 7],
  ['src/server/ledger/payout/payment-sweeper-chain.test.ts', 7],
  ['src/server/chain/local-rpc/pubsub-socket-lifecycle.test.ts', 7],
  ['src/server/ledger/payout/payout-crash.test.ts', 7],
  ['src/server/game/lost-node-settlement.test.ts', 7],
  ['src/server/db/value-lists.test.ts', 7],
  ['src/server/ledger/payout/payout-faults.test.ts', 7],
  ['src/server/ledger/reconcile/reconcile.test.ts', 7],
  ['src/server/admin/routes/admin-actions-http.test.ts', 7],
  ['src/server/ledger/entry/entry-record.test.ts', 7],
  ['src/server/admin/routes/admin-contract-http.test.ts', 7],
  ['src/server/ledger/payout/payment-sweeper-ledger.test.ts', 7],
  ['src/server/http/rankings-routes.test.ts', 7],
  ['src/server/chain/local-rpc/local-rpc-abuse-limits.test.ts', 7],
  ['src/server/ledger/entry/entry-fees-refunded-over-server.test.ts', 7],
  ['src/server/cli/admin-create-cli.test.ts', 7],
  ['src/server/http/challenge-action-routes.test.ts', 7],
  ['test/cluster/haproxy.test.ts', 6],
  ['src/server/http/verification-route.test.ts', 6],
  ['src/server/game/matched-without-game-restart.test.ts', 6],
  ['src/server/cluster/away-search-across-nodes.test.ts', 6],
  ['src/client/admin/admin-addresses.test.tsx', 6],
  ['test/client-budget.test.ts', 6],
  ['src/server/game/database-outage.test.ts', 6],
  ['src/server/cluster/rankings-across-nodes.test.ts', 6],
  ['src/server/cluster/protection-across-nodes.test.ts', 6],
  ['src/server/ledger/payout/payment-sweeper-server.test.ts', 6],
  ['src/server/admin/routes/game-replay-http.test.ts', 6],
];

const LONG_SECONDS = new Map(LONG_FILES);
