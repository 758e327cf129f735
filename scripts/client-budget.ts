/**
 * The JavaScript a first visit to `/` needs is at most 120 KB gzip, and the admin,
 * history, payment, chain and wallet-chooser code is not part of it. Reads a built client folder (the
 * entry script of index.html, its modulepreloads and their static imports make the first visit; every
 * other chunk loads lazily), prints each chunk's gzip size and fails when the budget is broken.
 * `npm run build` runs it after `vite build`: `tsx scripts/client-budget.ts [dist/client]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHUNK_MODULES_FILE, type ChunkModules } from './chunk-modules-plugin.ts';

/** 120 KB gzip, in Vite's kB (1000 bytes) so the figure matches what `vite build` prints. */
export const FIRST_VISIT_BUDGET_BYTES = 120_000;

/** Code that must load only when needed, by source path. */
export const LAZY_ONLY: Record<string, RegExp> = {
  admin: /^src\/client\/admin\//,
  history: /^src\/client\/history\//,
  payment: /^src\/client\/payment\/|^src\/client\/wallet\/controller-payment\.ts$/,
  chain: /^node_modules\/@solana\/|^src\/client\/wallet\/wallet-chain\.ts$/,
  'wallet chooser': /^src\/client\/wallet\/(wallet-dialogs\.tsx|wallet-controller\.ts)$|@wallet-standard\//,
  'Phantom deep links': /^node_modules\/tweetnacl\/|^src\/client\/wallet\/phantom-deeplink\//,
};

export interface ChunkSize {
  file: string;
  gzipBytes: number;
}

export interface ClientBudgetReport {
  firstVisit: ChunkSize[];
  lazy: ChunkSize[];
  firstVisitGzipBytes: number;
  /** Source modules bundled into the first-visit chunks. */
  firstVisitModules: string[];
  /** LAZY_ONLY groups found in the first visit, with the offending modules. */
  eagerLazyCode: { group: string; modules: string[] }[];
}

/** The scripts index.html loads on its own: module entry scripts and modulepreload links. */
export function htmlScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const src = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && src && !/^[a-z]+:\/\//i.test(src))
      found.push(src.replace(/^\//, ''));
  }
  return found;
}

export function measureClientBuild(dir: string): ClientBudgetReport {
  const listing = path.join(dir, CHUNK_MODULES_FILE);
  if (!existsSync(listing))
    throw new Error(`${listing} is missing: build with vite.config.ts's chunkModules()`);
  const chunks = JSON.parse(readFileSync(listing, 'utf8')) as ChunkModules[];
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const first = new Set<string>();
  const visit = (file: string) => {
    if (first.has(file)) return;
    first.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const file of htmlScripts(readFileSync(path.join(dir, 'index.html'), 'utf8'))) visit(file);
  const size = (file: string): ChunkSize => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(dir, file))).length,
  });
  const firstVisit = [...first].map(size);
  const lazy = chunks
    .map((c) => c.file)
    .filter((f) => !first.has(f))
    .sort()
    .map(size);
  const firstVisitModules = [...first].flatMap((f) => byFile.get(f)?.modules ?? []);
  const eagerLazyCode = Object.entries(LAZY_ONLY)
    .map(([group, pattern]) => ({ group, modules: firstVisitModules.filter((m) => pattern.test(m)) }))
    .filter((g) => g.modules.length > 0);
  return {
    firstVisit,
    lazy,
    firstVisitGzipBytes: firstVisit.reduce((sum, c) => sum + c.gzipBytes, 0),
    firstVisitModules,
    eagerLazyCode,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/** The printed table and the reasons the build fails (empty when within budget). */
export function describeReport(report: ClientBudgetReport): { lines: string[]; failures: string[] } {
  const width = Math.max(...[...report.firstVisit, ...report.lazy].map((c) => c.file.length));
  const row = (c: ChunkSize) => `  ${c.file.padEnd(width)}  ${kB(c.gzipBytes).padStart(10)} gzip`;
  const lines = [
    'First visit to / (entry and its static imports):',
    ...report.firstVisit.map(row),
    `  total ${kB(report.firstVisitGzipBytes)} gzip of ${kB(FIRST_VISIT_BUDGET_BYTES)} budget`,
    'Loaded when needed:',
    ...report.lazy.map(row),
  ];
  const failures: string[] = [];
  if (report.firstVisitGzipBytes > FIRST_VISIT_BUDGET_BYTES) {
    failures.push(
      `First-visit JavaScript is ${kB(report.firstVisitGzipBytes)} gzip, over the ${kB(FIRST_VISIT_BUDGET_BYTES)} budget`,
    );
  }
  for (const { group, modules } of report.eagerLazyCode) {
    failures.push(`${group} code is in the first visit: ${modules.join(', ')}`);
  }
  return { lines, failures };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist/client');
  const { lines, failures } = describeReport(measureClientBuild(dir));
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const failure of failures) process.stderr.write(`Client budget: ${failure}\n`);
  process.exit(failures.length > 0 ? 1 : 0);
}
