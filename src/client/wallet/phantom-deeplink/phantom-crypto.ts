import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import type nacl from 'tweetnacl';
import { BASE58_TEXT } from '../../../common/text-checks.ts';

/**
 * The encryption of Phantom's deep links (docs.phantom.com, "Deeplinks" > "Encryption"): the page keeps an
 * X25519 keypair, the shared secret is `nacl.box.before(phantomPublicKey, dappSecretKey)`, and every payload
 * and answer is JSON sealed with `nacl.box.after` under a fresh 24-byte nonce, all of it base58 in the URL.
 *
 * tweetnacl is loaded only here and only through `loadNacl()` (a dynamic import): a first visit never
 * downloads it; the mobile dialog and a Phantom return load it when they need it.
 */
export type Nacl = typeof nacl;

let loading: Promise<Nacl> | null = null;

export function loadNacl(): Promise<Nacl> {
  loading ??= import('tweetnacl').then((m) => (m as { default?: Nacl }).default ?? (m as unknown as Nacl));
  return loading;
}

/** The 32-byte keys and secrets, the 24-byte nonce and the 64-byte signatures of the protocol. */
export const KEY_BYTES = 32;
export const NONCE_BYTES = 24;
export const SIGNATURE_BYTES = 64;

export const toBase58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes);

/** Base58 text to bytes, or null for anything that is not base58 (or not `length` bytes when given). */
export function fromBase58(text: unknown, length?: number): Uint8Array | null {
  if (typeof text !== 'string' || !BASE58_TEXT.test(text)) return null;
  try {
    const bytes = new Uint8Array(getBase58Encoder().encode(text));
    return length === undefined || bytes.length === length ? bytes : null;
  } catch {
    return null;
  }
}

export interface DappKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

export function newDappKeyPair(n: Nacl): DappKeyPair {
  const { publicKey, secretKey } = n.box.keyPair();
  return { publicKey, secretKey };
}

/** Diffie-Hellman of one side's secret key with the other side's public key (the same secret both ways). */
export function sharedSecret(n: Nacl, otherPublicKey: Uint8Array, ownSecretKey: Uint8Array): Uint8Array {
  return n.box.before(otherPublicKey, ownSecretKey);
}

/** JSON sealed under the shared secret: `{ nonce, payload }` in base58, as the requests carry them. */
export function encryptJson(n: Nacl, value: unknown, secret: Uint8Array): { nonce: string; payload: string } {
  const nonce = n.randomBytes(NONCE_BYTES);
  // Copied into this realm's Uint8Array: tweetnacl checks instanceof (a test DOM's encoder differs).
  const message = new Uint8Array(new TextEncoder().encode(JSON.stringify(value)));
  const sealed = n.box.after(message, nonce, secret);
  return { nonce: toBase58(nonce), payload: toBase58(sealed) };
}

/**
 * Opens Phantom's `data` with its `nonce` under the shared secret and parses the JSON. Null for anything
 * that is not base58, fails authentication (tampered data, wrong nonce or key) or is not JSON.
 */
export function decryptJson(n: Nacl, data: unknown, nonce: unknown, secret: Uint8Array): unknown | null {
  const sealed = fromBase58(data);
  const nonceBytes = fromBase58(nonce, NONCE_BYTES);
  if (!sealed || !nonceBytes) return null;
  const opened = n.box.open.after(sealed, nonceBytes, secret);
  if (!opened) return null;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(opened)) as unknown;
  } catch {
    return null;
  }
}
