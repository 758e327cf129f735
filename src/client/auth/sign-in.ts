import {
  SolanaSignIn,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
} from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { errorTextOf } from '../../common/api/error-text.ts';
import { parseAnswer } from '../../common/api/parse-answer.ts';
import { sessionWalletAnswerSchema, signInChallengeReadSchema } from '../../common/api/player-api.ts';
import type { Clock } from '../../common/clock.ts';
import { TERMS_VERSION } from '../../common/protocol.ts';

/**
 * Sign In With Solana against the server (README "Player sign-in", ARCHITECTURE invariant 5): a server-made
 * challenge, signed by the wallet (solana:signIn where it has it, else signMessage over the same text), then
 * verified by the server, which sets the HttpOnly session cookie the game channel reads.
 */

export interface AuthHttp {
  /** fetch with cookies; tests pass one that keeps a cookie jar. */
  fetch: typeof fetch;
  /** '' in the browser (same origin); the server's URL in tests. */
  baseUrl?: string;
}

export const WALLET_CANNOT_SIGN_IN = "Wallet doesn't support signing in (no signIn or signMessage)";

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

async function postJson(http: AuthHttp, path: string, body: unknown): Promise<unknown> {
  const res = await http.fetch(`${http.baseUrl ?? ''}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(errorTextOf(json) ?? `Sign-in failed (${res.status})`);
  return json;
}

/** The wallet address of this browser's valid session cookie, or null (GET /api/auth/me). */
export async function currentSessionWallet(http: AuthHttp): Promise<string | null> {
  const res = await http.fetch(`${http.baseUrl ?? ''}/api/auth/me`, { credentials: 'include' });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`Could not check the sign-in (${res.status})`);
  return parseAnswer(sessionWalletAnswerSchema, await res.json(), 'GET /api/auth/me').walletAddress;
}

async function signChallenge(wallet: Wallet, account: WalletAccount, input: SolanaSignInInput) {
  const signIn = (wallet.features as Partial<SolanaSignInFeature>)[SolanaSignIn];
  if (signIn) {
    const [output] = await signIn.signIn(input);
    if (!output) throw new Error('The wallet returned no sign-in');
    if (output.account.address !== account.address) {
      throw new Error('The wallet signed in with another account than the connected one');
    }
    return { signedMessage: output.signedMessage, signature: output.signature };
  }
  const signMessage = (wallet.features as Partial<SolanaSignMessageFeature>)[SolanaSignMessage];
  if (!signMessage) throw new Error(WALLET_CANNOT_SIGN_IN);
  // The server renders the same text from the same input and compares bytes.
  const message = new TextEncoder().encode(
    createSignInMessageText({ ...input, domain: input.domain ?? '', address: account.address }),
  );
  const [output] = await signMessage.signMessage({ account, message });
  if (!output) throw new Error('The wallet returned no signature');
  return { signedMessage: output.signedMessage, signature: output.signature };
}

/**
 * Challenge, sign, verify: the server sets the session cookie. The terms dialog runs before any wallet
 * connects, so the sign-in carries the version accepted there and the server records it.
 */
export async function signInWithWallet(
  wallet: Wallet,
  account: WalletAccount,
  http: AuthHttp,
): Promise<void> {
  const { input } = parseAnswer(
    signInChallengeReadSchema,
    await postJson(http, '/api/auth/challenge', { walletAddress: account.address }),
    'POST /api/auth/challenge',
  );
  const { signedMessage, signature } = await signChallenge(wallet, account, input);
  await postJson(http, '/api/auth/verify', {
    walletAddress: account.address,
    signedMessage: toBase64(signedMessage),
    signature: toBase64(signature),
    termsVersion: TERMS_VERSION,
  });
}

/** SPEC §3 session storage (wallet_auth_time, wallet_auth_addr), as storage/stored-values.ts keeps them. */
export interface SignInRecord {
  walletAuthTime: { get(): number | null; set(value: number | null): void; clear(): void };
  walletAuthAddr: { get(): string | null; set(value: string | null): void; clear(): void };
}

export interface EnsureSignedInDeps {
  http: AuthHttp;
  session: SignInRecord;
  clock: Clock;
}

/**
 * Once per session: a session cookie that /api/auth/me still accepts for this address is enough; otherwise
 * the wallet signs in. Returns whether the wallet was asked to sign.
 */
export async function ensureSignedIn(
  wallet: Wallet,
  account: WalletAccount,
  deps: EnsureSignedInDeps,
): Promise<'session' | 'signed'> {
  const current = await currentSessionWallet(deps.http).catch(() => null);
  let outcome: 'session' | 'signed' = 'session';
  if (current !== account.address) {
    await signInWithWallet(wallet, account, deps.http);
    outcome = 'signed';
  }
  if (outcome === 'signed' || deps.session.walletAuthAddr.get() !== account.address) {
    deps.session.walletAuthTime.set(deps.clock.now());
    deps.session.walletAuthAddr.set(account.address);
  }
  return outcome;
}

/** Ends the server session and forgets this session's sign-in (on disconnect or account change). */
export async function signOut(deps: Pick<EnsureSignedInDeps, 'http' | 'session'>): Promise<void> {
  deps.session.walletAuthTime.clear();
  deps.session.walletAuthAddr.clear();
  await postJson(deps.http, '/api/auth/logout', {}).catch((error: unknown) => {
    console.warn('Sign-out failed', error);
  });
}
