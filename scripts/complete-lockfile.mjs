#!/usr/bin/env node
/**
 * The npm registry this project is built from serves only some of the per-platform binary packages that
 * tools such as Biome, Tailwind's oxide and LiteSVM list as optional dependencies, so `npm install` leaves
 * the others out of package-lock.json and `npm ci` then refuses the lock as out of sync. This adds the
 * missing entries as a public registry would write them: optional, with the platform they are for, so
 * `npm ci` skips them on other platforms without fetching anything. Run it after changing dependencies.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32'];
const CPU = { arm64: 'arm64', x64: 'x64', arm: 'arm', ia32: 'ia32', wasm32: 'wasm32' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.includes('musl') ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${where ? `${where}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && cpu !== 'wasm32') continue;
    lock.packages[hoisted] = {
      version,
      optional: true,
      ...(entry.dev ? { dev: true } : {}),
      ...(cpu && cpu !== 'wasm32' ? { cpu: [cpu] } : cpu === 'wasm32' ? { cpu: ['wasm32'] } : {}),
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.warn(`package-lock.json: added ${added} platform entries`);
