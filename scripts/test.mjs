/**
 * `npm test`: the typecheck, the lint and the layer rules side by side, then every test. The checks are one
 * process each and mostly one core, so together they take about as long as the typecheck alone. They run
 * before the suite, not beside it: beside it they took a core from the suite's first minute, where browser
 * tests behind a 100 ms delay proxy and the cluster's node-loss test then missed their waits on a two-core
 * machine. The checks' output is held and printed after the suite's, each under its name, so the two never
 * interleave; the exit code is the first failure's, and every part always runs to its end so one run
 * reports everything that is wrong. Arguments are passed on to vitest.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The package's own scripts, so each check stays defined once, in package.json. */
const checks = ['typecheck', 'lint', 'deps'];

/** @param {string} command @param {string[]} args @param {boolean} held */
function run(command, args, held) {
  /** @type {Promise<{ code: number, output: string }>} */
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: held ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const checkRuns = await Promise.all(
  checks.map(async (name) => {
    const outcome = await run('npm', ['run', '--silent', name], true);
    return { name, ...outcome, after: seconds() };
  }),
);
const suite = await run(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', ...process.argv.slice(2)],
  false,
);

let failed = suite.code;
for (const check of checkRuns) {
  const verdict = check.code === 0 ? 'passed' : `FAILED (exit ${check.code})`;
  process.stdout.write(`\n== npm run ${check.name}: ${verdict}, done after ${check.after}\n${check.output}`);
  if (check.code !== 0 && failed === 0) failed = check.code;
}
process.stdout.write(`\n== npm test: ${failed === 0 ? 'passed' : 'FAILED'} in ${seconds()}\n`);
process.exit(failed);
