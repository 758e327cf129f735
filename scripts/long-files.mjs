/**
 * Prints test/run-order.ts's `LONG_FILES` from the durations Vitest kept of the last runs on this machine
 * (its results cache, one per lane: node_modules/.vite-<lane>/vitest/<hash>/results.json), hooks included:
 *   npm test && node scripts/long-files.mjs
 * Paste the lines over the list. Files of 6 s or more, longest first, in whole seconds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const modules = path.resolve(import.meta.dirname, '..', 'node_modules');
const seconds = new Map();
for (const cache of readdirSync(modules).filter((name) => name.startsWith('.vite'))) {
  const vitest = path.join(modules, cache, 'vitest');
  if (!existsSync(vitest)) continue;
  for (const hash of readdirSync(vitest)) {
    const file = path.join(vitest, hash, 'results.json');
    if (!existsSync(file)) continue;
    for (const [key, result] of JSON.parse(readFileSync(file, 'utf8')).results) {
      seconds.set(key.slice(key.indexOf(':') + 1), result.duration / 1000);
    }
  }
}
const rows = [...seconds].filter(([, s]) => s >= 6).sort((a, b) => b[1] - a[1]);
for (const [name, s] of rows) process.stdout.write(`  ['${name}', ${Math.round(s)}],\n`);
