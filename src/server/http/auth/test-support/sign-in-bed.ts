import { generateKeyPairSigner, type KeyPairSigner, signBytes } from '@solana/kit';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { fitsExactly } from '../../../../../test/support/contract-fit.ts';
import { signInChallengeAnswerSchema, signInVerifyAnswerSchema } from '../../../../common/api/player-api.ts';
import { createFakeClock, type FakeClock } from '../../../../common/clock.ts';
import type { Database } from '../../../db/database.ts';
import type { PlayerSessions } from '../../../security/player-sessions.ts';
import { type PlayerAuthOptions, registerPlayerAuth } from '../register-player-auth.ts';

/** Test helpers for the sign-in routes: a real Fastify app, a real Kit wallet, the real SIWS text. */

export const HOST = 'pong.test:3000';
export const ORIGIN = `http://${HOST}`;

export interface AuthBed {
  app: FastifyInstance;
  clock: FakeClock;
  playerSessions: PlayerSessions;
}

export async function startAuthApp(
  db: Database,
  options: {
    trustProxy?: boolean;
    rateLimits?: PlayerAuthOptions['rateLimits'];
    /** The configured public origin; ORIGIN unless a test says (a function lets a test change it). */
    publicOrigin?: PlayerAuthOptions['publicOrigin'];
    /** Who is refused a session (the product asks its bans). */
    refusal?: PlayerAuthOptions['refusal'];
  } = {},
): Promise<AuthBed> {
  const clock = createFakeClock();
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  const { playerSessions } = await registerPlayerAuth(app, {
    db,
    clock,
    chainId: 'solana:localnet',
    allowedOrigins: [ORIGIN],
    publicOrigin: options.publicOrigin ?? ORIGIN,
    ...(options.refusal ? { refusal: options.refusal } : {}),
    // Generous, so only the test about limits ever meets them.
    rateLimits: options.rateLimits ?? {
      signIn: { capacity: 1000, refillPerMinute: 1000 },
      me: { capacity: 1000, refillPerMinute: 1000 },
    },
  });
  await app.ready();
  return { app, clock, playerSessions };
}

export const newWallet = (): Promise<KeyPairSigner> => generateKeyPairSigner();

export const base64 = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes).toString('base64');

export async function signText(wallet: KeyPairSigner, text: string): Promise<string> {
  return base64(await signBytes(wallet.keyPair.privateKey, new TextEncoder().encode(text)));
}

export async function requestChallenge(
  app: FastifyInstance,
  walletAddress: string,
  headers: Record<string, string> = {},
): Promise<{ input: SolanaSignInInput; text: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/challenge',
    headers: { host: HOST, ...headers },
    payload: { walletAddress },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Every sign-in test reads the challenge through the HTTP contract: a field it does not name fails them.
  const { input } = fitsExactly(signInChallengeAnswerSchema, res.json(), 'POST /api/auth/challenge');
  // The client renders the text from the input exactly as the wallet would (signMessage fallback).
  return { input, text: createSignInMessageText(input) };
}

export function postVerify(
  app: FastifyInstance,
  payload: object | string | undefined,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { host: HOST, ...headers },
    payload,
  });
}

/** A verify body for `walletAddress` presenting `text`, signed by `signer` (the wallet itself unless a test says). */
export async function signedBody(
  walletAddress: string,
  text: string,
  signer: KeyPairSigner,
): Promise<{ walletAddress: string; signedMessage: string; signature: string }> {
  return { walletAddress, signedMessage: base64(text), signature: await signText(signer, text) };
}

/** The whole happy path: challenge, sign the text with the wallet, verify. */
export async function signIn(
  app: FastifyInstance,
  wallet: KeyPairSigner,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { text } = await requestChallenge(app, wallet.address, headers);
  const res = await postVerify(app, await signedBody(wallet.address, text, wallet), headers);
  if (res.statusCode === 200) fitsExactly(signInVerifyAnswerSchema, res.json(), 'POST /api/auth/verify');
  return res;
}
/** `pong_session=<token>` from a response's Set-Cookie, ready to send back as a Cookie header. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'pong_session');
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return `pong_session=${cookie.value}`;
}

export function me(app: FastifyInstance, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: '/api/auth/me', headers: { host: HOST, ...(cookie ? { cookie } : {}) } });
}
