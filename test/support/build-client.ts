import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Browser tests need the built client. Build it when it is missing or older than the client sources, so
 * `npm test` works on a fresh clone without a separate build step. Returns the folder it lives in.
 */
export function ensureClientBuilt(root: string): string {
  return withBuildLock(root, () => ensureBuiltUnlocked(root));
}

function ensureBuiltUnlocked(root: string): string {
  const out = path.join(root, 'dist/client');
  const index = path.join(out, 'index.html');
  if (existsSync(index) && newestSource(root) <= statSync(index).mtimeMs) return out;
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // What ships: Vitest sets NODE_ENV=test, which would build React's development bundle instead.
      env: { ...process.env, NODE_ENV: 'production' },
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

/** A lock older than this is taken to have been left behind, whoever holds it. */
const STALE_LOCK_MS = 5 * 60_000;

/** The lock is left behind when the process that took it is gone, or it is older than STALE_LOCK_MS. */
function lockIsStale(lock: string): boolean {
  const taken = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
  if (taken === undefined) return false;
  if (Date.now() - taken > STALE_LOCK_MS) return true;
  const pid = Number(readdirSync(lock).find((name) => /^\d+$/.test(name)));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs `work` while no other test process builds the client: test files run in parallel workers, and a
 * build in one (vite empties dist/client first) would pull chunks from under another's running server.
 */
function withBuildLock<T>(root: string, work: () => T): T {
  const lock = path.join(root, 'dist/.client-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      mkdirSync(path.join(lock, String(process.pid)));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockIsStale(lock)) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The built client copied into `dest`, for one test server alone: a later rebuild of dist/client (another
 * test file, or someone running `npm run build`) cannot change the chunks a running test's pages load.
 */
export function copyBuiltClient(root: string, dest: string): string {
  return withBuildLock(root, () => {
    cpSync(ensureBuiltUnlocked(root), dest, { recursive: true });
    return dest;
  });
}
