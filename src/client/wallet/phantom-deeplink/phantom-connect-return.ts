import { connectRefusalText, INVALID_CONNECTION_RESPONSE } from '../connect-errors.ts';
import { CONNECTION_PARAM, type ConnectRequestStore, isStaleConnectRequest } from '../mobile-connect.ts';
import {
  decryptJson,
  fromBase58,
  KEY_BYTES,
  type Nacl,
  newDappKeyPair,
  sharedSecret,
  toBase58,
} from './phantom-crypto.ts';
import type { PhantomSession, PhantomStore } from './phantom-store.ts';

/**
 * Phantom's answer to the connect deep link (docs.phantom.com "Deeplinks" > "Connect"): the redirect link
 * comes back with `phantom_encryption_public_key`, `nonce` and `data` (JSON `{ public_key, session }`
 * sealed to the page's key), or with `errorCode` and `errorMessage` when the player declined.
 */
export const PHANTOM_CONNECT_PARAMS = [
  'phantom_encryption_public_key',
  'nonce',
  'data',
  'errorCode',
] as const;

export type PhantomConnectReturn =
  | { kind: 'none' }
  | { kind: 'connected'; session: PhantomSession }
  | { kind: 'failed'; message: string };

export interface PhantomConnectDeps {
  stored: ConnectRequestStore;
  phantom: PhantomStore;
  now: number;
  nacl: () => Promise<Nacl>;
}

/** This address is Phantom's answer to one of our connect links (it names the connection and answers). */
export function isPhantomConnectReturn(url: URL): boolean {
  return (
    url.searchParams.has(CONNECTION_PARAM) && PHANTOM_CONNECT_PARAMS.some((p) => url.searchParams.has(p))
  );
}

/**
 * The mobile dialog's connect request: a fresh keypair for this connection id, its secret kept (phantom-store)
 * until Phantom answers. Returns the public key for the link's `dapp_encryption_public_key`, base58.
 */
export function startPhantomConnect(n: Nacl, phantom: PhantomStore, connectionId: string): string {
  const pair = newDappKeyPair(n);
  const publicKey = toBase58(pair.publicKey);
  phantom.connectKey.set({ connectionId, publicKey, secretKey: toBase58(pair.secretKey) });
  return publicKey;
}

function approvedSession(value: unknown): { address: string; session: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { public_key: address, session } = value as Record<string, unknown>;
  if (fromBase58(address, KEY_BYTES) === null) return null;
  if (typeof session !== 'string' || session.length === 0 || session.length > 4096) return null;
  return { address: address as string, session };
}

/**
 * Reads the answer against the stored request. The id comes first: an address naming a connection id
 * this page does not hold is anyone's link, and is ignored whole (nothing shown, nothing changed). Then
 * the request must be open and not stale, the key the one made for it; Phantom's key, nonce and data must
 * decrypt to a valid `{ public_key, session }`. Anything else is 'Invalid wallet connection response' and
 * connects nothing; a refusal is told in SPEC's words, never in the address's `errorMessage`. The connect
 * key is used once: dropped whatever the answer to it, and the session stored on success.
 */
export async function readPhantomConnectReturn(
  url: URL,
  deps: PhantomConnectDeps,
): Promise<PhantomConnectReturn> {
  if (!isPhantomConnectReturn(url)) return { kind: 'none' };
  const params = url.searchParams;
  const id = params.get(CONNECTION_PARAM);
  if (deps.stored.walletConnectionId.get() !== id) return { kind: 'none' };
  const key = deps.phantom.connectKey.get();
  deps.phantom.connectKey.clear();
  if (params.has('errorCode')) {
    return { kind: 'failed', message: connectRefusalText(params.get('errorCode')) };
  }
  const invalid = { kind: 'failed', message: INVALID_CONNECTION_RESPONSE } as const;
  if (!key || key.connectionId !== id) return invalid;
  if (!deps.stored.walletConnectRequested.get() || isStaleConnectRequest(deps.stored, deps.now))
    return invalid;
  const phantomPublicKey = fromBase58(params.get('phantom_encryption_public_key'), KEY_BYTES);
  const secretKey = fromBase58(key.secretKey, KEY_BYTES);
  if (!phantomPublicKey || !secretKey) return invalid;
  const n = await deps.nacl();
  const secret = sharedSecret(n, phantomPublicKey, secretKey);
  const approved = approvedSession(decryptJson(n, params.get('data'), params.get('nonce'), secret));
  if (!approved) return invalid;
  const session: PhantomSession = {
    ...approved,
    phantomPublicKey: toBase58(phantomPublicKey),
    dappPublicKey: key.publicKey,
    sharedSecret: toBase58(secret),
  };
  deps.phantom.session.set(session);
  return { kind: 'connected', session };
}
