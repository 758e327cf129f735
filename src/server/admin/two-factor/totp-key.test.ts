import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTotpKey, TOTP_KEY_FILE, totpKeyFromDataDir } from './totp-key.ts';

describe('ADMIN_TOTP_KEY unset: the key file in DATA_DIR', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is made once (32 random bytes, owner-only) and read back the same at the next start', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'totp-key-'));
    const [first, racing] = await Promise.all([totpKeyFromDataDir(dir), totpKeyFromDataDir(dir)]);
    expect(first).toHaveLength(32);
    expect(racing).toEqual(first);
    expect(await totpKeyFromDataDir(dir)).toEqual(first);
    const file = path.join(dir, TOTP_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseTotpKey(await readFile(file, 'utf8'))).toEqual(first);
  });
});
