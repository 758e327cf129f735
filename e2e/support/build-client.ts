import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Browser tests need the built client. Build it when it is missing or older than the client sources, so
 * `npm test` works on a fresh clone without a separate build step. Returns the folder it lives in.
 */
export function ensureClientBuilt(root: string): string {
  const out = path.join(root, 'dist/client');
  const index = path.join(out, 'index.html');
  if (existsSync(index) && newestSource(root) <= statSync(index).mtimeMs) return out;
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  return out;
}

function newestSource(root: string): number {
  const stack = [path.join(root, 'src/client'), path.join(root, 'src/common'), path.join(root, 'public')];
  let newest = 0;
  for (const file of [path.join(root, 'index.html'), path.join(root, 'vite.config.ts')]) {
    if (existsSync(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  while (stack.length > 0) {
    const dir = stack.pop()!;
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}
