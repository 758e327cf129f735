import type { GameModeId } from '../../../common/game-modes.ts';
import { PAYMENT_ERROR_MESSAGES, transactionFailed } from '../../payment/payment-errors.ts';
import { connectRefusalText } from '../connect-errors.ts';
import { STALE_CONNECT_REQUEST_MS } from '../mobile-connect.ts';
import {
  decryptJson,
  encryptJson,
  fromBase58,
  type Nacl,
  SIGNATURE_BYTES,
  toBase58,
} from './phantom-crypto.ts';
import type { PhantomMethod, PhantomRequest, PhantomSession, PhantomStore } from './phantom-store.ts';

/**
 * Phantom's signing deep links after a connect (docs.phantom.com "Deeplinks" > "SignMessage",
 * "SignAndSendTransaction"): `https://phantom.app/ul/v1/<method>?dapp_encryption_public_key=..&nonce=..
 * &redirect_link=..&payload=..`, the payload JSON sealed under the session's shared secret and carrying the
 * session token; the answer comes back to the redirect link as `nonce` and `data` (JSON `{ signature }`
 * sealed the same way), or as `errorCode` and `errorMessage`. The redirect link carries `wallet_request`,
 * the id of the request the page stored, so the reloaded page knows what it was waiting for.
 */
export const REQUEST_PARAM = 'wallet_request';
/** A request not answered within 5 minutes is stale, as a connect request is (SPEC §4). */
export const STALE_REQUEST_MS = STALE_CONNECT_REQUEST_MS;
export const INVALID_WALLET_RESPONSE = 'Invalid wallet response';
export const UNKNOWN_WALLET_REQUEST =
  'The wallet answered a request this page no longer has. Please try again.';
/** A payment the wallet app refused for another reason than the player's no (its own words are not shown). */
export const PAYMENT_NOT_SENT = transactionFailed('the wallet app did not send it');

const ANSWER_PARAMS = [REQUEST_PARAM, 'nonce', 'data', 'errorCode', 'errorMessage'] as const;

export interface PhantomLinkInput {
  session: PhantomSession;
  /** This page's address; the request id is added to it. */
  pageUrl: string;
  requestId: string;
}

/** The page address the answer comes back to: this page, without any earlier answer, plus the request id. */
export function requestRedirectLink(pageUrl: string, requestId: string): string {
  const url = new URL(pageUrl);
  for (const name of ANSWER_PARAMS) url.searchParams.delete(name);
  url.searchParams.set(REQUEST_PARAM, requestId);
  return url.toString();
}

function requestLink(
  n: Nacl,
  method: PhantomMethod,
  input: PhantomLinkInput,
  fields: Record<string, unknown>,
) {
  const secret = fromBase58(input.session.sharedSecret);
  if (!secret) throw new Error('The Phantom session is corrupt: connect again');
  const { nonce, payload } = encryptJson(n, { ...fields, session: input.session.session }, secret);
  const params = new URLSearchParams({
    dapp_encryption_public_key: input.session.dappPublicKey,
    nonce,
    redirect_link: requestRedirectLink(input.pageUrl, input.requestId),
    payload,
  });
  return `https://phantom.app/ul/v1/${method}?${params.toString()}`;
}

/** SignMessage: the exact bytes, base58, shown by Phantom as text (the SIWS message is UTF-8). */
export function phantomSignMessageLink(n: Nacl, input: PhantomLinkInput & { message: Uint8Array }): string {
  return requestLink(n, 'signMessage', input, { message: toBase58(input.message), display: 'utf8' });
}

/** SignAndSendTransaction: the serialized transaction (wire bytes), base58; Phantom signs and submits it. */
export function phantomSignAndSendLink(
  n: Nacl,
  input: PhantomLinkInput & { transaction: Uint8Array },
): string {
  return requestLink(n, 'signAndSendTransaction', input, { transaction: toBase58(input.transaction) });
}

/** SPEC §8 words for a refusal: the sign-in's as a connect's, the payment's 'Transaction rejected by user'. */
export type PhantomRequestReturn =
  | { kind: 'none' }
  | { kind: 'signed'; request: PhantomRequest; signature: Uint8Array }
  | {
      kind: 'failed';
      method: PhantomMethod;
      message: string;
      errorType?: 'user_rejected' | 'generic';
      /** The mode of a refused entry payment, when the request named one. */
      gameMode?: GameModeId;
    };

export interface PhantomRequestDeps {
  phantom: PhantomStore;
  now: number;
  nacl: () => Promise<Nacl>;
}

export function isPhantomRequestReturn(url: URL): boolean {
  return url.searchParams.has(REQUEST_PARAM);
}

/**
 * A refusal arrives in the page address, which anyone can write into a link: only its code is read, to
 * pick one of SPEC's texts (RELIABILITY 36: the address's `errorMessage` is never shown).
 */
function refusal(method: PhantomMethod, errorCode: string | null): PhantomRequestReturn {
  if (method === 'signAndSendTransaction') {
    return Number(errorCode) === 4001
      ? { kind: 'failed', method, message: PAYMENT_ERROR_MESSAGES.user_rejected, errorType: 'user_rejected' }
      : { kind: 'failed', method, message: PAYMENT_NOT_SENT, errorType: 'generic' };
  }
  return { kind: 'failed', method, message: connectRefusalText(errorCode) };
}

/**
 * Reads Phantom's answer to the stored request. The id comes first: an address naming a request this page
 * does not hold is anyone's link, and is ignored whole (nothing shown, the stored request kept). An answer
 * to the stored request uses it up, whatever it says: it must be under 5 minutes old with a session
 * stored, and its data must decrypt under the session's shared secret to `{ signature }`, 64 bytes in
 * base58.
 */
export async function readPhantomRequestReturn(
  url: URL,
  deps: PhantomRequestDeps,
): Promise<PhantomRequestReturn> {
  if (!isPhantomRequestReturn(url)) return { kind: 'none' };
  const request = deps.phantom.request.get();
  if (!request || request.id !== url.searchParams.get(REQUEST_PARAM)) return { kind: 'none' };
  deps.phantom.request.clear();
  const outcome = await answerTo(request, url.searchParams, deps);
  return outcome.kind === 'failed' && request.gameMode ? { ...outcome, gameMode: request.gameMode } : outcome;
}

async function answerTo(
  request: PhantomRequest,
  params: URLSearchParams,
  deps: PhantomRequestDeps,
): Promise<PhantomRequestReturn> {
  if (deps.now - request.createdAt > STALE_REQUEST_MS) {
    return { kind: 'failed', method: request.method, message: UNKNOWN_WALLET_REQUEST };
  }
  if (params.has('errorCode')) return refusal(request.method, params.get('errorCode'));
  const invalid = { kind: 'failed', method: request.method, message: INVALID_WALLET_RESPONSE } as const;
  const session = deps.phantom.session.get();
  const secret = fromBase58(session?.sharedSecret);
  if (!session || !secret || session.address !== request.address) return invalid;
  const n = await deps.nacl();
  const answer = decryptJson(n, params.get('data'), params.get('nonce'), secret);
  const signature = fromBase58((answer as { signature?: unknown } | null)?.signature, SIGNATURE_BYTES);
  return signature ? { kind: 'signed', request, signature } : invalid;
}

/** The page address without Phantom's answer to a request. */
export function withoutRequestAnswer(url: URL): string {
  const clean = new URL(url);
  for (const name of ANSWER_PARAMS) clean.searchParams.delete(name);
  return clean.toString();
}
