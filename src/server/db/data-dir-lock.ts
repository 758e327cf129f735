import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * One process at a time in an embedded database. PGlite keeps its files in `<dataDir>/pgdata` and knows
 * nothing of other processes: a second process that opens the folder (an `npm run admin:create` beside the
 * running server, a second `npm start` on another port) writes into files the first holds in memory, and
 * what it writes is lost or breaks the first. So whoever opens the folder first holds a lock named for the
 * folder until it closes it, and an opener that finds the lock held refuses, naming the folder and the
 * process that holds it. A lock rather than a check of the server's port: a server on another port, or one
 * still starting, holds the folder as surely.
 *
 * On Linux the lock is a Unix socket in the abstract namespace, named from the folder's path: binding it is
 * atomic, so two openers racing cannot both win, and the kernel releases it when its process ends, however it
 * ends (kill -9 too), so a crash never leaves the folder locked. The socket answers whoever connects with its
 * holder (process id and command), which the refusal names. Elsewhere it is `<dataDir>/pgdata.lock`, made with
 * O_EXCL and naming its process; a lock whose process is gone (a kill -9) is taken over by the next opener.
 */

export class DataDirInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the embedded database in ${folder} is in use by process ${holder.pid} (${holder.command}); ` +
        'one process at a time can open it: stop that process first, or point both at one PostgreSQL ' +
        'database with DATABASE_URL',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface LockHolder {
  pid: number;
  /** The holder's start, as the system counts it (Linux: clock ticks since boot); null where unknown. */
  startedAt: string | null;
  /** What the holder is, for the message: `node …/main.js`, `admin:create`. */
  command: string;
}

/** Folders this process holds open: a second open from the same process is refused as another's would be. */
const heldHere = new Set<string>();

/** The lock's file where there is no abstract socket namespace. */
const LOCK_FILE = 'pgdata.lock';

/** The start time of a process, from /proc (Linux); null elsewhere or when there is no such process. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields after its last ')' are fixed, starttime the 20th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function processLives(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: a process of another user holds the number, and it lives.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.startedAt === null) return true;
  const started = processStart(holder.pid);
  return started === null || started === holder.startedAt;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : null,
      command: typeof parsed.command === 'string' ? parsed.command : 'unknown',
    };
  } catch {
    return null;
  }
}

async function readHolder(file: string): Promise<LockHolder | null> {
  return parseHolder(await readFile(file, 'utf8').catch(() => ''));
}

export type LockKind = 'socket' | 'file';

/**
 * Takes the lock of `<dataDir>/pgdata` for this process, or throws DataDirInUseError naming the folder and
 * the process that holds it. Returns the function that gives it back (idempotent). `kind` is the platform's
 * (tests choose).
 */
export async function lockDataDir(
  dataDir: string,
  options: { command?: string; kind?: LockKind } = {},
): Promise<() => Promise<void>> {
  const folder = path.resolve(dataDir, 'pgdata');
  const self: LockHolder = {
    pid: process.pid,
    startedAt: processStart(process.pid),
    command: options.command ?? describeSelf(),
  };
  if (heldHere.has(folder)) throw new DataDirInUseError(folder, self);
  const kind = options.kind ?? (process.platform === 'linux' ? 'socket' : 'file');
  const release =
    kind === 'socket' ? await lockBySocket(folder, self) : await lockByFile(dataDir, folder, self);
  heldHere.add(folder);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    heldHere.delete(folder);
    await release();
  };
}

/** The abstract-namespace socket's name for a folder: its path's hash, so any length of path fits. */
function socketName(folder: string): string {
  return `\0pong-wager-pgdata-${createHash('sha256').update(folder).digest('hex').slice(0, 40)}`;
}

async function lockBySocket(folder: string, self: LockHolder): Promise<() => Promise<void>> {
  const name = socketName(folder);
  const server = net.createServer((socket) => socket.end(JSON.stringify(self)));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(name, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new DataDirInUseError(folder, await askHolder(name));
  }
  // The lock must never keep a process alive that has nothing else to do.
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Who holds the socket: it says so to whoever connects; a holder that does not answer is still named. */
async function askHolder(name: string): Promise<LockHolder> {
  const unknown: LockHolder = { pid: 0, startedAt: null, command: 'a process that did not say which' };
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(name);
    const done = (holder: LockHolder) => {
      socket.destroy();
      resolve(holder);
    };
    socket.setTimeout(2_000, () => done(unknown));
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => done(unknown));
    socket.on('end', () => done(parseHolder(text) ?? unknown));
  });
}

async function lockByFile(dataDir: string, folder: string, self: LockHolder): Promise<() => Promise<void>> {
  const file = path.resolve(dataDir, LOCK_FILE);
  await mkdir(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(JSON.stringify(self));
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readHolder(file);
      // A lock being written this instant reads empty: it is another opener's, alive.
      if (holder === null && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        continue;
      }
      if (holder !== null && processLives(holder)) throw new DataDirInUseError(folder, holder);
      if (attempt >= 20) throw new DataDirInUseError(folder, holder ?? self);
      // Its process is gone (a kill -9, a crash): the lock is taken over.
      await rm(file, { force: true });
    }
  }
  return async () => {
    const holder = await readHolder(file);
    if (holder?.pid === process.pid) await rm(file, { force: true });
  };
}

function describeSelf(): string {
  const script = process.argv[1];
  return script ? `node ${path.relative(process.cwd(), script) || script}` : 'node';
}
