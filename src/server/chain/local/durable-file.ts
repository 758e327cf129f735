import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * A rename is only durable once the directory entry itself is flushed, so every atomic write ends by
 * fsyncing the folder that holds it.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a whole file so that a crash leaves either the old content or the new one, never a mix:
 * write to a temporary sibling, fsync it, rename it over the target, fsync the folder.
 */
export async function writeFileAtomically(
  target: string,
  chunks: readonly (Uint8Array | string)[],
  mode = 0o600,
): Promise<void> {
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w', mode);
  try {
    for (const chunk of chunks) await (typeof chunk === 'string' ? handle.write(chunk) : handle.write(chunk));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, target);
  await fsyncDirectory(path.dirname(target));
}
