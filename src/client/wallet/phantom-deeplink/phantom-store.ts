import { type GameModeId, isGameModeId } from '../../../common/game-modes.ts';
import { browserLocalStorage, type StorageArea } from '../../storage/storage-area.ts';
import { fromBase58, KEY_BYTES } from './phantom-crypto.ts';

/**
 * What the page keeps between its trips to Phantom's app and back. Local storage, as Phantom's own deep-link
 * demo keeps its keys in the app's storage: the redirect back may open a new tab (sessionStorage would be
 * gone) and the page reloads on every answer, so memory cannot hold them either.
 *
 * - the connect key: the page's X25519 keypair for one connect request, kept only until Phantom answers it
 *   (the secret key is then dropped: later requests need the shared secret, not the key);
 * - the session: Phantom's session token, the wallet address, Phantom's public key and the shared secret,
 *   so a reloaded page can still ask Phantom to sign; a disconnect forgets it;
 * - the request: the one signMessage or signAndSendTransaction the page is waiting for.
 * Every read is validated: a missing, corrupt or partial value reads as null.
 */
export const PHANTOM_STORAGE_KEYS = {
  connectKey: 'phantom_connect_key',
  session: 'phantom_session',
  request: 'phantom_request',
} as const;

export interface PhantomConnectKey {
  connectionId: string;
  publicKey: string;
  secretKey: string;
}

export interface PhantomSession {
  /** The connected wallet's address (Phantom's `public_key`). */
  address: string;
  /** Phantom's session token, sent back with every later request. */
  session: string;
  phantomPublicKey: string;
  dappPublicKey: string;
  /** nacl.box.before(phantomPublicKey, dappSecretKey), base58. */
  sharedSecret: string;
}

export type PhantomMethod = 'signMessage' | 'signAndSendTransaction';

export interface PhantomRequest {
  /** 32 hex digits, carried back in the redirect link. */
  id: string;
  method: PhantomMethod;
  /** Epoch ms. */
  createdAt: number;
  address: string;
  /** signMessage: the message, base58 (the sign-in resumes with these exact bytes). */
  message?: string;
  /** signAndSendTransaction of an entry payment: the mode paid for (the lobby resumes with it). */
  gameMode?: GameModeId;
}

const HEX_ID = /^[0-9a-f]{32}$/;
const isKey = (s: unknown) => fromBase58(s, KEY_BYTES) !== null;
const isText = (s: unknown, max: number): s is string =>
  typeof s === 'string' && s.length > 0 && s.length <= max;

function readJson(area: StorageArea, key: string): Record<string, unknown> | null {
  const raw = area.get(key);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function createPhantomStore(area: StorageArea = browserLocalStorage()) {
  const value = <T>(key: string, decode: (v: Record<string, unknown>) => T | null) => ({
    get(): T | null {
      const raw = readJson(area, key);
      return raw ? decode(raw) : null;
    },
    set(v: T): void {
      area.set(key, JSON.stringify(v));
    },
    clear(): void {
      area.remove(key);
    },
  });
  return {
    connectKey: value<PhantomConnectKey>(PHANTOM_STORAGE_KEYS.connectKey, (v) =>
      typeof v.connectionId === 'string' &&
      HEX_ID.test(v.connectionId) &&
      isKey(v.publicKey) &&
      isKey(v.secretKey)
        ? { connectionId: v.connectionId, publicKey: v.publicKey as string, secretKey: v.secretKey as string }
        : null,
    ),
    session: value<PhantomSession>(PHANTOM_STORAGE_KEYS.session, (v) =>
      isKey(v.address) &&
      isText(v.session, 4096) &&
      isKey(v.phantomPublicKey) &&
      isKey(v.dappPublicKey) &&
      isKey(v.sharedSecret)
        ? {
            address: v.address as string,
            session: v.session,
            phantomPublicKey: v.phantomPublicKey as string,
            dappPublicKey: v.dappPublicKey as string,
            sharedSecret: v.sharedSecret as string,
          }
        : null,
    ),
    request: value<PhantomRequest>(PHANTOM_STORAGE_KEYS.request, (v) => {
      const method = v.method === 'signMessage' || v.method === 'signAndSendTransaction' ? v.method : null;
      if (typeof v.id !== 'string' || !HEX_ID.test(v.id) || !method || !isKey(v.address)) return null;
      if (typeof v.createdAt !== 'number' || !Number.isSafeInteger(v.createdAt)) return null;
      if (v.message !== undefined && (typeof v.message !== 'string' || fromBase58(v.message) === null))
        return null;
      if (v.gameMode !== undefined && !isGameModeId(v.gameMode)) return null;
      return {
        id: v.id,
        method,
        createdAt: v.createdAt,
        address: v.address as string,
        ...(typeof v.message === 'string' ? { message: v.message } : {}),
        ...(isGameModeId(v.gameMode) ? { gameMode: v.gameMode } : {}),
      };
    }),
  };
}

export type PhantomStore = ReturnType<typeof createPhantomStore>;
