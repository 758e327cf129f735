import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdEmbeddedDatabase } from '../../../test/support/embedded-database-holder.ts';
import { seedMigratedPglite } from '../../../test/support/migrated-templates.ts';
import { DataDirInUseError, type LockKind, lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './open-database.ts';

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A process that lives until killed, to stand for a lock's holder. */
function sleeper(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('spawn', () => resolve(child)));
}

function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

describe('one process at a time opens an embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pong-lock-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a second process is refused, naming the data directory and the holder; once the holder is killed (-9) it opens', async () => {
    await seedMigratedPglite(dataDir);
    const holder = await holdEmbeddedDatabase(dataDir, 'the holding test process');
    try {
      const refused = await openDatabase({ dataDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirInUseError);
      const message = (refused as Error).message;
      expect(message).toContain(path.join(dataDir, 'pgdata'));
      expect(message).toContain(`process ${holder.pid} (the holding test process)`);
    } finally {
      await holder.kill();
    }
    // kill -9 ran no code of the holder's: the lock went with its process.
    const opened = await openDatabase({ dataDir });
    await opened.close();
  });

  it('a second open in the same process is refused until the first is closed', async () => {
    await seedMigratedPglite(dataDir);
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it.each(['socket', 'file'] as LockKind[])(
    'two openers racing for one folder: exactly one wins (%s lock)',
    async (kind) => {
      const tries = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dataDir, { kind })));
      const won = tries.filter((t) => t.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const t of tries) if (t.status === 'rejected') expect(t.reason).toBeInstanceOf(DataDirInUseError);
      await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value();
      const next = await lockDataDir(dataDir, { kind });
      await next();
    },
  );

  describe('where there is no abstract socket, the lock file names its process', () => {
    const lockFile = () => path.join(dataDir, 'pgdata.lock');
    const writeLock = (holder: { pid: number; startedAt: string | null }) =>
      writeFile(lockFile(), JSON.stringify({ ...holder, command: 'the other server' }));

    it('a lock whose process lives refuses, naming it', async () => {
      const other = await sleeper();
      try {
        await writeLock({ pid: other.pid ?? 0, startedAt: startOf(other.pid ?? 0) });
        await expect(lockDataDir(dataDir, { kind: 'file' })).rejects.toThrow(
          `in use by process ${other.pid} (the other server)`,
        );
      } finally {
        await killed(other);
      }
    });

    it('a lock left by a process that is gone (kill -9) is taken over', async () => {
      const other = await sleeper();
      const pid = other.pid ?? 0;
      const startedAt = startOf(pid);
      await killed(other);
      await writeLock({ pid, startedAt });
      const release = await lockDataDir(dataDir, { kind: 'file' });
      expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
      await release();
    });

    it('a lock naming a process number the system gave again to another program is taken over', async () => {
      const other = await sleeper();
      try {
        // The number lives, but not the process that wrote the lock: it started at another moment.
        await writeLock({ pid: other.pid ?? 0, startedAt: `${startOf(other.pid ?? 0)}1` });
        const release = await lockDataDir(dataDir, { kind: 'file' });
        await release();
      } finally {
        await killed(other);
      }
    });

    it('the lock is given back at close: its file is gone and the next opener takes it', async () => {
      const release = await lockDataDir(dataDir, { kind: 'file' });
      await release();
      expect(() => readFileSync(lockFile())).toThrow();
      const again = await lockDataDir(dataDir, { kind: 'file' });
      await again();
    });
  });
});
