import { getBase58Decoder } from '@solana/kit';

/**
 * The page's X25519 public key for Phantom's connect deep link (`dapp_encryption_public_key`), base58.
 * Made with WebCrypto; null where the browser has no X25519 (the dialog then offers the browse links only).
 */
export async function dappEncryptionPublicKey(subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle) {
  try {
    if (!subtle) return null;
    const pair = (await subtle.generateKey({ name: 'X25519' }, false, ['deriveBits'])) as CryptoKeyPair;
    const raw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
    return raw.length === 32 ? getBase58Decoder().decode(raw) : null;
  } catch {
    return null;
  }
}
