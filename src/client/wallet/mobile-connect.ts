import type { StoredValues } from '../storage/stored-values.ts';
import { connectRefusalText } from './connect-errors.ts';

/**
 * SPEC §4's mobile connect rules, for a player who leaves this page for a wallet app (the mobile wallet
 * dialog, SPEC §2) and comes back: the return retries connecting up to 3 times, 500 ms × the attempt
 * number apart; a request older than 5 minutes is stale and cleaned; the connection id is kept 5 s.
 * Pure over the stored values, a clock reading and an injected wait, so each rule is tested without time.
 */
export const STALE_CONNECT_REQUEST_MS = 5 * 60_000;
export const CONNECTION_ID_KEEP_MS = 5000;
export const MOBILE_RETURN_ATTEMPTS = 3;
export const MOBILE_RETURN_STEP_MS = 500;

export type ConnectRequestStore = Pick<
  StoredValues,
  'walletConnectRequested' | 'walletType' | 'walletConnectTime' | 'walletConnectionId'
>;

/** A fresh connection id: 32 hex digits (the dialog shows it shortened). */
export function newConnectionId(random: () => string = () => crypto.randomUUID()): string {
  return random().replaceAll('-', '').toLowerCase();
}

/** The player leaves for `walletName`'s app: wallet_connect_requested, wallet_type, when, and the id. */
export function recordConnectRequest(
  stored: ConnectRequestStore,
  request: { walletName: string; connectionId: string | null },
  now: number,
): void {
  stored.walletConnectRequested.set(true);
  stored.walletType.set(request.walletName);
  stored.walletConnectTime.set(now);
  if (request.connectionId) stored.walletConnectionId.set(request.connectionId);
}

/** SPEC §4: a connect request with no start time, or started more than 5 minutes ago, is stale. */
export function isStaleConnectRequest(stored: ConnectRequestStore, now: number): boolean {
  if (!stored.walletConnectRequested.get()) return false;
  const startedAt = stored.walletConnectTime.get();
  return startedAt === null || now - startedAt > STALE_CONNECT_REQUEST_MS;
}

/** Forgets a connect request; the wallet type stays when a wallet is connected (it is then restored). */
export function clearConnectRequest(stored: ConnectRequestStore, options: { keepWalletType: boolean }): void {
  stored.walletConnectRequested.clear();
  stored.walletConnectTime.clear();
  stored.walletConnectionId.clear();
  if (!options.keepWalletType) stored.walletType.clear();
}

/**
 * SPEC §4 mobile return: tries `attempt` (a connect that does not prompt) up to 3 times, waiting
 * 500 ms × the attempt number before each retry (0, 500 and 1000 ms: done within the 2 s return check).
 * Stops at the first success or once `cancelled` says the request is gone. Returns whether it connected.
 */
export async function retryMobileReturn(
  attempt: (attemptNumber: number) => Promise<boolean>,
  wait: (ms: number) => Promise<void>,
  cancelled: () => boolean = () => false,
): Promise<boolean> {
  for (let n = 0; n < MOBILE_RETURN_ATTEMPTS; n++) {
    if (n > 0) await wait(MOBILE_RETURN_STEP_MS * n);
    if (cancelled()) return false;
    if (await attempt(n + 1)) return true;
  }
  return false;
}

/**
 * SPEC §4: the connection id is kept 5 s once the player is back, then forgotten (unless a newer request
 * replaced it meanwhile). Returns the cancel of the pending removal.
 */
export function keepConnectionIdBriefly(
  stored: Pick<StoredValues, 'walletConnectionId'>,
  timers: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void },
): () => void {
  const id = stored.walletConnectionId.get();
  if (!id) return () => undefined;
  const handle = timers.setTimeout(() => {
    if (stored.walletConnectionId.get() === id) stored.walletConnectionId.clear();
  }, CONNECTION_ID_KEEP_MS);
  return () => timers.clearTimeout(handle);
}

/** The query parameter the wallet app's redirect brings back: which connection request it answers. */
export const CONNECTION_PARAM = 'wallet_connection';

export type WalletAppAnswer =
  | { kind: 'none' }
  /** An answer to a connection request this page no longer has (stale, or another tab's). */
  | { kind: 'unknown' }
  | { kind: 'rejected'; message: string }
  | { kind: 'approved' };

/**
 * Reads a wallet app's redirect back to this page (Phantom's connect deep link, deep-links.ts): its
 * `wallet_connection` id must be the stored one before anything else in the address is read; `errorCode`
 * means the player declined, told in SPEC's words (the address's own `errorMessage` is never shown).
 */
export function readWalletAppAnswer(url: URL, storedConnectionId: string | null): WalletAppAnswer {
  const id = url.searchParams.get(CONNECTION_PARAM);
  if (!id) return { kind: 'none' };
  if (id !== storedConnectionId) return { kind: 'unknown' };
  if (url.searchParams.has('errorCode')) {
    return { kind: 'rejected', message: connectRefusalText(url.searchParams.get('errorCode')) };
  }
  return { kind: 'approved' };
}

/** The page address without the wallet app's answer (so a reload does not read it twice). */
export function withoutWalletAppAnswer(url: URL): string {
  const clean = new URL(url);
  for (const name of [
    CONNECTION_PARAM,
    'errorCode',
    'errorMessage',
    'phantom_encryption_public_key',
    'nonce',
    'data',
  ]) {
    clean.searchParams.delete(name);
  }
  return clean.toString();
}
