import { randomBytes } from 'node:crypto';
import { chmod, link, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  getBase58Encoder,
  type KeyPairSigner,
} from '@solana/kit';
import { BASE58_TEXT } from '../../common/text-checks.ts';
import { fsyncDirectory } from './local/durable-file.ts';

/**
 * Thrown for a secret key that cannot be used. The message says what was expected and never quotes the
 * value: it may be a real secret that an operator pasted in the wrong place.
 */
export class KeypairSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeypairSecretError';
  }
}

export const SECRET_FORMATS =
  'a JSON array of 64 numbers from 0 to 255 (the solana-keygen file format), a base58-encoded 64-byte secret key, or the path of a file holding either';

/** Parses a JSON byte array or a base58 string into secret key bytes; returns undefined for neither. */
export function decodeSecretText(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new KeypairSecretError(
        `the secret key looks like a JSON array but is not valid JSON; expected ${SECRET_FORMATS}`,
      );
    }
    const isByteArray =
      Array.isArray(parsed) &&
      parsed.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 255);
    if (!isByteArray) {
      throw new KeypairSecretError(
        `the secret key JSON must be an array of numbers from 0 to 255; expected ${SECRET_FORMATS}`,
      );
    }
    return Uint8Array.from(parsed as number[]);
  }
  if (!BASE58_TEXT.test(trimmed)) return undefined;
  return new Uint8Array(getBase58Encoder().encode(trimmed));
}

/** A 64-byte secret (private half then public half) or a bare 32-byte private key. */
export async function signerFromSecretBytes(bytes: Uint8Array): Promise<KeyPairSigner> {
  try {
    if (bytes.length === 64) return await createKeyPairSignerFromBytes(bytes);
    if (bytes.length === 32) return await createKeyPairSignerFromPrivateKeyBytes(bytes);
  } catch {
    // Kit's error context can carry the key bytes, so it is replaced, not wrapped.
    throw new KeypairSecretError(
      'the secret key is not a valid ed25519 keypair: its public half does not match its private half',
    );
  }
  throw new KeypairSecretError(
    `the secret key has ${bytes.length} bytes; expected 64 (or 32 for a bare private key)`,
  );
}

/**
 * Reads a keypair file. Files this server created are tightened to owner-only when their permissions are
 * looser; an operator's own file is only read (it may sit on a read-only mount).
 */
export async function readKeypairFile(file: string, options: { fixMode: boolean }): Promise<KeyPairSigner> {
  if (options.fixMode) {
    const info = await stat(file);
    if ((info.mode & 0o077) !== 0) await chmod(file, 0o600);
  }
  const bytes = decodeSecretText(await readFile(file, 'utf8'));
  if (!bytes) throw new KeypairSecretError(`the keypair file ${file} does not hold ${SECRET_FORMATS}`);
  return signerFromSecretBytes(bytes);
}

/**
 * Creates a new keypair file in the solana-keygen format (mode 0600) unless one already exists, and
 * returns the signer held in the file. The file appears complete or not at all: it is written to a
 * temporary name, fsynced, then hard-linked into place, which fails if another process won the race.
 */
export async function readOrCreateKeypairFile(
  file: string,
): Promise<{ signer: KeyPairSigner; created: boolean }> {
  try {
    return { signer: await readKeypairFile(file, { fixMode: true }), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const privateKey = new Uint8Array(randomBytes(32));
  const signer = await createKeyPairSignerFromPrivateKeyBytes(privateKey);
  const secret = new Uint8Array(64);
  secret.set(privateKey, 0);
  secret.set(getAddressEncoder().encode(signer.address), 32);

  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.write(JSON.stringify(Array.from(secret)));
    await handle.sync();
  } finally {
    await handle.close();
    secret.fill(0);
    privateKey.fill(0);
  }
  let created = true;
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false;
  } finally {
    await rm(temporary, { force: true });
  }
  await fsyncDirectory(path.dirname(file));
  return { signer: created ? signer : await readKeypairFile(file, { fixMode: true }), created };
}
