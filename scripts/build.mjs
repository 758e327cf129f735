/**
 * `npm run build` and `npm start`'s build: the client (vite, then its size budget) into dist/client and the
 * server (tsc) into dist/server. Each part records the hash of its inputs beside what it built; with
 * `--if-changed` (npm start) a part whose inputs hash the same as its record is not built again, so a second
 * start on an unchanged tree serves in about a second instead of rebuilding both (43 s quiet). A fresh clone
 * has no dist/ and builds both. The record is removed before building and written only after success, and
 * vite empties dist/client whenever anything else builds it (the browser tests), so a stale record never
 * stands beside other output. Plain JavaScript, so the check costs one `node` start and no transpiler.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

/**
 * A part of the build: `inputs` are the files and folders whose content decides its output; `record` keeps
 * their hash inside the output, so it goes when the output goes; `output` exists only when it was built.
 * @typedef {{ name: string, inputs: string[], record: string, output: string, build(): void }} Part
 */

const shared = ['package.json', 'package-lock.json', 'tsconfig.json', 'src/common'];

/** @type {Part[]} */
const parts = [
  {
    name: 'client',
    inputs: [
      ...shared,
      'index.html',
      'vite.config.ts',
      'public',
      'src/client',
      'scripts/chunk-modules-plugin.ts',
    ],
    record: 'dist/client/.inputs-sha256',
    output: 'dist/client/index.html',
    build() {
      run(bin('vite', 'bin/vite.js'), ['build']);
      run(bin('tsx', 'dist/cli.mjs'), ['scripts/client-budget.ts', 'dist/client']);
    },
  },
  {
    name: 'server',
    inputs: [...shared, 'tsconfig.server.json', 'src/server'],
    record: 'dist/server/.inputs-sha256',
    output: 'dist/server/server/main.js',
    build() {
      run(bin('typescript', 'bin/tsc'), ['-p', 'tsconfig.server.json']);
    },
  },
];

/** @param {string} script @param {string[]} args */
function run(script, args) {
  execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
}

/** @param {string} entry @returns {string[]} */
function filesUnder(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => child.name !== 'node_modules')
    .flatMap((child) => filesUnder(path.join(entry, child.name)));
}

/** @param {Part} part */
function inputsHash(part) {
  const hash = createHash('sha256');
  for (const file of part.inputs.flatMap(filesUnder).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const onlyIfChanged = process.argv.includes('--if-changed');
for (const part of parts) {
  const hash = inputsHash(part);
  const recordFile = path.join(root, part.record);
  const recorded = existsSync(recordFile) ? readFileSync(recordFile, 'utf8').trim() : undefined;
  if (onlyIfChanged && recorded === hash && existsSync(path.join(root, part.output))) {
    process.stdout.write(`build: ${part.name} unchanged since its last build, not built again\n`);
    continue;
  }
  rmSync(recordFile, { force: true });
  part.build();
  writeFileSync(recordFile, `${hash}\n`);
}
