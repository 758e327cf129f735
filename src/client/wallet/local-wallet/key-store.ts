import { createKeyPairFromPrivateKeyBytes, generateKeyPair } from '@solana/kit';

/**
 * The Local Wallet's keypair, one per browser profile and kept across reloads.
 *
 * Where it lives: IndexedDB, as a CryptoKeyPair whose private key is non-extractable, so no script (ours or
 * an injected one) can ever read the secret out, only ask the browser to sign with it. IndexedDB is the one
 * browser store that keeps a CryptoKey as it is (structured clone). Where a browser cannot store Ed25519
 * keys there (no IndexedDB, as in private windows of some browsers, or a DataCloneError for the key type),
 * it falls back to a random 32-byte seed in localStorage, imported as a non-extractable key at each load:
 * weaker (the seed is readable by scripts of this origin) but acceptable for test SOL on a local chain,
 * which is the only place this wallet exists.
 */
export type KeyPlace = 'indexeddb' | 'localstorage';

export interface KeyStoreEnvironment {
  indexedDB?: IDBFactory | undefined;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

export interface StoredKeyPair {
  keyPair: CryptoKeyPair;
  place: KeyPlace;
}

const DB_NAME = 'retro-pong-local-wallet';
const STORE = 'keys';
const KEY_ID = 'keypair';
export const LOCAL_WALLET_SEED_KEY = 'local_wallet_seed';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

async function readFromIndexedDb(factory: IDBFactory): Promise<CryptoKeyPair | null> {
  const db = await openDatabase(factory);
  try {
    const value = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID));
    const pair = value as Partial<CryptoKeyPair> | undefined;
    return pair?.privateKey && pair.publicKey ? (pair as CryptoKeyPair) : null;
  } finally {
    db.close();
  }
}

async function writeToIndexedDb(factory: IDBFactory, keyPair: CryptoKeyPair): Promise<void> {
  const db = await openDatabase(factory);
  try {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ privateKey: keyPair.privateKey, publicKey: keyPair.publicKey }, KEY_ID);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

function seedToText(seed: Uint8Array): string {
  return btoa(String.fromCharCode(...seed));
}

function seedFromText(text: string): Uint8Array | null {
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

async function fromStorage(storage: KeyStoreEnvironment['storage']): Promise<CryptoKeyPair | null> {
  const seed = seedFromText(storage?.getItem(LOCAL_WALLET_SEED_KEY) ?? '');
  return seed ? createKeyPairFromPrivateKeyBytes(seed, false) : null;
}

async function createInStorage(storage: KeyStoreEnvironment['storage']): Promise<CryptoKeyPair> {
  if (!storage) throw new Error('The Local Wallet needs IndexedDB or localStorage to keep its key');
  const seed = crypto.getRandomValues(new Uint8Array(32));
  storage.setItem(LOCAL_WALLET_SEED_KEY, seedToText(seed));
  return createKeyPairFromPrivateKeyBytes(seed, false);
}

/** The profile's keypair, created on first use. */
export async function loadOrCreateKeyPair(env: KeyStoreEnvironment): Promise<StoredKeyPair> {
  // Browsers give WebCrypto only to secure pages: http://<LAN address> has none, https and localhost do.
  if (!globalThis.crypto?.subtle) {
    throw new Error('The Local Wallet needs a secure page (https, or http://localhost) to create its key');
  }
  const factory = env.indexedDB;
  if (factory) {
    try {
      const stored = await readFromIndexedDb(factory);
      if (stored) return { keyPair: stored, place: 'indexeddb' };
    } catch (error) {
      console.warn('Local Wallet: IndexedDB unreadable, using localStorage', error);
    }
  }
  const fromSeed = await fromStorage(env.storage);
  if (fromSeed) return { keyPair: fromSeed, place: 'localstorage' };
  if (factory) {
    try {
      const keyPair = await generateKeyPair();
      await writeToIndexedDb(factory, keyPair);
      return { keyPair, place: 'indexeddb' };
    } catch (error) {
      console.warn('Local Wallet: cannot keep an Ed25519 key in IndexedDB, using localStorage', error);
    }
  }
  return { keyPair: await createInStorage(env.storage), place: 'localstorage' };
}
