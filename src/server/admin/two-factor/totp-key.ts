import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { TOTP_KEY_BYTES } from './totp-secret-box.ts';

/** ADMIN_TOTP_KEY: 32 bytes, as 64 hex characters or as base64. */
export const TOTP_KEY_EXPECTED = 'must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)';

export function parseTotpKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64')
      : undefined;
  return bytes?.length === TOTP_KEY_BYTES ? bytes : undefined;
}

export const totpKeySchema = z.string().transform((text, ctx) => {
  const key = parseTotpKey(text);
  if (!key) {
    ctx.addIssue({ code: 'custom', message: TOTP_KEY_EXPECTED });
    return z.NEVER;
  }
  return key;
});

export const TOTP_KEY_FILE = 'admin-totp.key';

/**
 * The key when ADMIN_TOTP_KEY is unset (one process on its own data directory): read from DATA_DIR, or made
 * once from 32 random bytes and written there readable by the server's user only. Never logged.
 */
export async function totpKeyFromDataDir(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, TOTP_KEY_FILE);
  try {
    const key = parseTotpKey(await readFile(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex characters)`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting at once cannot both write one; the loser reads the winner's.
  try {
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return totpKeyFromDataDir(dataDir);
  }
}
