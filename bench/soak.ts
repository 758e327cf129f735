/**
 * `npm run soak`: the bank test of the product's money (in the spirit of Jepsen's). The real server in its own
 * process; bots, half from one address and half from addresses of their own, pay real entries on the local
 * chain for a while and do what players do: play, exit mid-match, drop their socket and come back or not,
 * cancel after 10 s, abandon searches, pay and never search. Then everything owed is settled, the server
 * stops, and `npm run reconcile` must agree to the lamport. Seeded: a failing run is replayed with its seed.
 *
 *   npm run soak                                  (24 bots, 180 s, a random seed, embedded PGlite)
 *   npm run soak -- --seed 7 --bots 40 --seconds 300
 *   npm run soak -- --database-url postgres://postgres@127.0.0.1:5432/soak   (an empty database of its own)
 *   npm run soak -- --nodes 2 --database-url postgres://...   (two game nodes on it and the Redis at REDIS_URL)
 *
 * Besides the rounds above, bots open challenges (and step away from some for good), accept them (two at once,
 * one per node), pay them through the challenge's Solana Action without signing in, and exclude themselves
 * while a search is open; the run then checks those rules against the settled database (soak-rules.ts).
 */
import { parseArgs } from 'node:util';
import { formatSoakReport, soakPassed } from './soak/soak-report.ts';
import { runSoak } from './soak/soak-run.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    bots: { type: 'string', default: '24' },
    seconds: { type: 'string', default: '180' },
    'database-url': { type: 'string' },
    nodes: { type: 'string', default: '1' },
  },
});
const integer = (name: string, text: string, min: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer of at least ${min}`);
  return n;
};
const seed =
  values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : integer('seed', values.seed, 0);
const result = await runSoak({
  seed,
  bots: integer('bots', values.bots, 2),
  seconds: integer('seconds', values.seconds, 10),
  nodes: integer('nodes', values.nodes, 1),
  ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(`${formatSoakReport(seed, result)}\n`);
process.exitCode = soakPassed(result) ? 0 : 1;
