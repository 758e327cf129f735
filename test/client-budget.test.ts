import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_MODULES_FILE, type ChunkModules } from '../scripts/chunk-modules-plugin.ts';
import {
  type ClientBudgetReport,
  describeReport,
  FIRST_VISIT_BUDGET_BYTES,
  htmlScripts,
  LAZY_ONLY,
  measureClientBuild,
} from '../scripts/client-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const budgetScript = path.join(root, 'scripts/client-budget.ts');
const temp: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'client-budget-'));
  temp.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('the real client build', () => {
  // Built into a folder of its own: dist/client may be served by browser tests running meanwhile.
  let out: string;
  let buildLog: string;
  let report: ClientBudgetReport;

  beforeAll(() => {
    out = tempDir();
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir'],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' } },
    );
    buildLog = `${build.stdout}\n${build.stderr}`;
    if (build.status !== 0) throw new Error(`vite build failed:\n${buildLog}`);
    report = measureClientBuild(out);
  }, 180_000);

  it('the JavaScript of a first visit to / is at most 120 KB gzip', () => {
    expect(report.firstVisit.length).toBeGreaterThan(0);
    expect(report.firstVisitGzipBytes).toBeGreaterThan(0);
    expect(report.firstVisitGzipBytes).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_BYTES);
  });

  it('admin, history, payment, chain and wallet-chooser code load only when needed', () => {
    expect(report.eagerLazyCode).toEqual([]);
    // Each group exists in the build, in a lazy chunk: the check above is not vacuous.
    const lazyModules = JSON.parse(
      readFileSync(path.join(out, CHUNK_MODULES_FILE), 'utf8'),
    ) as ChunkModules[];
    const lazyFiles = new Set(report.lazy.map((c) => c.file));
    const inLazy = lazyModules.filter((c) => lazyFiles.has(c.file)).flatMap((c) => c.modules);
    for (const [group, pattern] of Object.entries(LAZY_ONLY)) {
      expect(
        inLazy.some((m) => pattern.test(m)),
        `${group} code in a lazy chunk`,
      ).toBe(true);
    }
  });

  it('every dynamic import is effective (no INEFFECTIVE_DYNAMIC_IMPORT warning)', () => {
    expect(buildLog).toContain('built in');
    expect(buildLog).not.toContain('INEFFECTIVE_DYNAMIC_IMPORT');
  });

  it('the budget script prints every chunk with its gzip size and passes on this build', () => {
    const run = spawnSync(process.execPath, [tsx, budgetScript, out], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    for (const chunk of [...report.firstVisit, ...report.lazy]) {
      expect(run.stdout).toMatch(
        new RegExp(`${chunk.file}\\s+${(chunk.gzipBytes / 1000).toFixed(2)} kB gzip`),
      );
    }
  });
});

/** A built-looking folder: index.html loading `entry`, and the chunks with their imports and modules. */
function fakeBuild(entryHtml: string, chunks: (ChunkModules & { bytes: number })[]): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), entryHtml);
  for (const chunk of chunks) writeFileSync(path.join(dir, chunk.file), randomBytes(chunk.bytes));
  writeFileSync(path.join(dir, CHUNK_MODULES_FILE), JSON.stringify(chunks.map(({ bytes, ...c }) => c)));
  return dir;
}

const chunk = (file: string, bytes: number, modules: string[], imports: string[] = []) => ({
  file,
  isEntry: false,
  imports,
  dynamicImports: [],
  modules,
  bytes,
});

describe('what counts as the first visit, and when the build fails', () => {
  it("index.html's module scripts and modulepreloads are the first visit's roots; other scripts are not", () => {
    const html = `<head><script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="stylesheet" href="/assets/index-c.css">
      <script src="https://example.com/analytics.js"></script></head>`;
    expect(htmlScripts(html)).toEqual(['assets/index-a.js', 'assets/vendor-b.js']);
  });

  it('static imports join the first visit; dynamic ones stay lazy', () => {
    const dir = fakeBuild('<script type="module" src="/assets/entry.js"></script>', [
      chunk('assets/entry.js', 1000, ['src/client/main.tsx'], ['assets/shared.js']),
      chunk('assets/shared.js', 500, ['src/client/ui/layout.tsx']),
      chunk(
        'assets/history.js',
        800,
        ['src/client/history/transaction-history-panel.tsx'],
        ['assets/shared.js'],
      ),
    ]);
    const report = measureClientBuild(dir);
    expect(report.firstVisit.map((c) => c.file)).toEqual(['assets/entry.js', 'assets/shared.js']);
    expect(report.lazy.map((c) => c.file)).toEqual(['assets/history.js']);
    expect(report.eagerLazyCode).toEqual([]);
  });

  it('over 120 KB gzip on the first visit: the script exits non-zero and says by how much', () => {
    // Random bytes do not compress: 121,000 of them are over budget once gzipped.
    const dir = fakeBuild('<script type="module" src="/assets/entry.js"></script>', [
      chunk('assets/entry.js', 121_000, ['src/client/main.tsx']),
    ]);
    const run = spawnSync(process.execPath, [tsx, budgetScript, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/First-visit JavaScript is 121\.\d\d kB gzip, over the 120\.00 kB budget/);
  });

  it('admin or chain code statically imported by the entry fails the build even within budget', () => {
    const dir = fakeBuild('<script type="module" src="/assets/entry.js"></script>', [
      chunk(
        'assets/entry.js',
        2000,
        ['src/client/main.tsx', 'src/client/admin/admin-page.tsx'],
        ['assets/kit.js'],
      ),
      chunk('assets/kit.js', 2000, ['node_modules/@solana/kit/dist/index.browser.mjs']),
    ]);
    const report = measureClientBuild(dir);
    expect(report.eagerLazyCode.map((g) => g.group)).toEqual(['admin', 'chain']);
    const { failures } = describeReport(report);
    expect(failures).toEqual([
      'admin code is in the first visit: src/client/admin/admin-page.tsx',
      'chain code is in the first visit: node_modules/@solana/kit/dist/index.browser.mjs',
    ]);
    const run = spawnSync(process.execPath, [tsx, budgetScript, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
  });
});
