import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest: AES-256-GCM under ADMIN_TOTP_KEY, a fresh 12-byte nonce per seal, and the admin's
 * id as associated data, so a sealed secret copied onto another admin's row does not open there.
 * Stored as `v1.<base64url nonce | tag | ciphertext>`.
 */
export interface TotpSecretBox {
  seal(secret: Uint8Array, adminId: string): string;
  /** The secret, or null when the text was not sealed under this key for this admin. */
  open(sealed: string, adminId: string): Buffer | null;
}

export const TOTP_KEY_BYTES = 32;
const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function createTotpSecretBox(key: Uint8Array): TotpSecretBox {
  if (key.length !== TOTP_KEY_BYTES) throw new Error(`the TOTP key must be ${TOTP_KEY_BYTES} bytes`);
  const keyCopy = Buffer.from(key);
  return {
    seal(secret, adminId) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyCopy, nonce);
      cipher.setAAD(Buffer.from(adminId));
      const body = Buffer.concat([cipher.update(secret), cipher.final()]);
      return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, adminId) {
      if (!sealed.startsWith(VERSION)) return null;
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (raw.length <= NONCE_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyCopy, raw.subarray(0, NONCE_BYTES));
        decipher.setAAD(Buffer.from(adminId));
        decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
      } catch {
        return null;
      }
    },
  };
}
