/**
 * `npm test`: the typecheck, the lint and the layer rules side by side (with the browser tests' client build
 * beside them on a whole run), then every test in two lanes side by side (`lanes` below). The checks are one
 * process each and mostly one core, so together they take about as long as the typecheck alone. They run
 * before the suite, not beside it: beside it they took a core from the suite's first minute, where browser
 * tests behind a 100 ms delay proxy and the cluster's node-loss test then missed their waits on a two-core
 * machine. The checks' output is held and printed after the suite's, each under its name, so the two never
 * interleave; the exit code is the first failure's, and every part always runs to its end so one run
 * reports everything that is wrong. Arguments are passed on to one vitest run instead of the lanes.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The package's own scripts, so each check stays defined once, in package.json. */
const checks = ['typecheck', 'lint', 'deps'];

/**
 * Runs one part. `held`: its output is kept and returned, not printed; otherwise it is printed as it comes
 * and kept too (the lanes' counts are read from it). `niceness`: the part's scheduling priority (0 as
 * npm test's own, up to 19 for the least), set before it starts its workers, which inherit it.
 * @param {string} command @param {string[]} args @param {boolean} held @param {Record<string, string>} [env]
 * @param {number} [niceness]
 */
function run(command, args, held, env = {}, niceness = 0) {
  /** @type {Promise<{ code: number, output: string }>} */
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    if (niceness !== 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // A system that refuses the change runs the part at npm test's own priority.
      }
    }
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (!held) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
      if (!held) process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/**
 * The working lane runs at a lower priority than the waiting lane. The two lanes together ask for more CPU
 * than two cores have (a full run's load average was 10 to 13), and the waiting lane's files measure what a
 * person sees in real time (a 3 s opponent-found screen, a ball drawn every frame behind a 100 ms proxy):
 * starved of a core by the working lane's CPU-bound files, a browser drew late and those measurements missed
 * their bounds. At a lower priority the working lane takes what the waiting lane leaves, which on a two-core
 * machine is most of a core, so the whole run's time stays about what the CPU's total work sets. 5, not more:
 * at 10 (a tenth of a contended core) the working lane's own real-time leases lapsed under the waiting lane's
 * busiest minutes.
 */
const WORKING_LANE_NICENESS = 5;

/**
 * The tests' scratch files (every test database's data folder, copied from its template and removed after,
 * the local chains, Chromium's profiles) go to a memory filesystem when the machine has one with room:
 * on the CI machine's disk (ext4 mounted with `discard`) each of the thousand files a database folder holds
 * cost about 5 ms to remove, and the working lane copies and removes hundreds of such folders. A TMPDIR the
 * caller set is kept. The folder is this run's alone and is removed when it ends.
 */
const MEMORY_FS = '/dev/shm';
const MEMORY_FS_ROOM_BYTES = 4 * 1024 ** 3;
function scratchFolder() {
  if (process.env.TMPDIR) return null;
  try {
    accessSync(MEMORY_FS, constants.W_OK);
    const { bavail, bsize } = statfsSync(MEMORY_FS);
    if (bavail * bsize < MEMORY_FS_ROOM_BYTES) return null;
    return mkdtempSync(path.join(MEMORY_FS, 'pong-test-'));
  } catch {
    return null;
  }
}
const scratch = scratchFolder();
const scratchEnv = scratch ? { TMPDIR: scratch } : {};

const vitest = path.join(root, 'node_modules/.bin/vitest');
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const whole = process.argv.length <= 2;
/** The browser tests' client, built beside the checks (a core is free) rather than by the first browser file. */
const clientBuild = {
  name: 'client build for the browser tests',
  command: process.execPath,
  args: [
    '--import',
    'tsx',
    '-e',
    "import('./test/support/build-client.ts').then((m) => m.ensureClientBuilt(process.cwd()))",
  ],
};
const checkRuns = await Promise.all(
  [
    ...checks.map((name) => ({ name: `npm run ${name}`, command: 'npm', args: ['run', '--silent', name] })),
    ...(whole ? [clientBuild] : []),
  ].map(async ({ name, command, args }) => {
    const outcome = await run(command, args, true);
    return { name, ...outcome, after: seconds() };
  }),
);
const suite = whole ? await lanes() : await run(vitest, ['run', ...process.argv.slice(2)], false, scratchEnv);
if (scratch) rmSync(scratch, { recursive: true, force: true });

/**
 * The suite in two lanes side by side, two workers each. The waiting lane holds the browser tests, the
 * cluster's processes and the soak (e2e/, test/): their files spend most of their minutes waiting on real
 * time (a match to 11, a reconnection window, a node's heartbeat), a browser file at about a sixth of a
 * core. The working lane holds the in-process tests of src/, which keep a core busy. Two workers for both
 * leave the CPU idle most of the waiting lane's run; four in one pool would let four browser files start
 * together. The waiting lane prints as it goes; the working lane's output is held and printed whole when it
 * ends, so the two never interleave. Both lanes' counts end the run in one `Tests:` line, each failed test named
 * under it. The working lane runs its files one after another in each worker's one process (`--no-isolate`): each file imported the
 * server's whole module graph afresh, about half of the lane's CPU; src/ files start what they use and close it
 * in their own hooks, so none leans on a fresh module. `npx vitest run src/ --no-isolate` runs it alike.
 */
async function lanes() {
  const [working, waiting] = await Promise.all([
    run(
      vitest,
      ['run', 'src/', '--no-isolate'],
      true,
      { ...scratchEnv, PONG_TEST_LANE: 'working' },
      WORKING_LANE_NICENESS,
    ),
    run(vitest, ['run', 'e2e/', 'test/'], false, { ...scratchEnv, PONG_TEST_LANE: 'waiting' }),
  ]);
  process.stdout.write(`\n== the working lane (src/)\n${working.output}`);
  const total = [working.output, waiting.output].map(summaryOf).reduce((a, b) => ({
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
  }));
  const failures = [working.output, waiting.output].flatMap(failuresOf).join('');
  process.stdout.write(`\nTests: ${total.passed} passed, ${total.failed} failed\n${failures}`);
  return { code: working.code || waiting.code, output: '' };
}

/** The `Tests: N passed, N failed` line test/summary-reporter.ts ends each vitest run with. */
function summaryOf(output) {
  const line = [...output.matchAll(/^Tests: (\d+) passed, (\d+) failed/gm)].at(-1);
  return line ? { passed: Number(line[1]), failed: Number(line[2]) } : { passed: 0, failed: 1 };
}

/** The `Failed: …` lines under a vitest run's last `Tests:` line, one per failed test. */
function failuresOf(output) {
  const last = output.lastIndexOf('\nTests: ');
  if (last < 0) return [];
  return output
    .slice(last)
    .split('\n')
    .filter((line) => line.startsWith('Failed: '))
    .map((line) => `${line}\n`);
}

let failed = suite.code;
for (const check of checkRuns) {
  const verdict = check.code === 0 ? 'passed' : `FAILED (exit ${check.code})`;
  process.stdout.write(`\n== ${check.name}: ${verdict}, done after ${check.after}\n${check.output}`);
  if (check.code !== 0 && failed === 0) failed = check.code;
}
process.stdout.write(`\n== npm test: ${failed === 0 ? 'passed' : 'FAILED'} in ${seconds()}\n`);
process.exit(failed);
