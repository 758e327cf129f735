// @vitest-environment jsdom
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
} from '@solana/wallet-standard-features';
import nacl from 'tweetnacl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameModeId } from '../../../common/game-modes.ts';
import { CONNECTION_CANCELLED } from '../connect-errors.ts';
import { RETURN_FAILED_TOAST } from '../return-check.ts';
import { loadNacl } from './phantom-crypto.ts';
import { PhantomDeepLinkWallet } from './phantom-deeplink-wallet.ts';
import {
  INVALID_WALLET_RESPONSE,
  PAYMENT_NOT_SENT,
  readPhantomRequestReturn,
  STALE_REQUEST_MS,
  UNKNOWN_WALLET_REQUEST,
} from './phantom-requests.ts';
import { type PhantomPage, phantomPage } from './test-support/phantom-page.ts';
import { b58, type SimulatedPhantom, simulatedPhantom, unb58 } from './test-support/simulated-phantom.ts';

/**
 * Phantom's signMessage and signAndSendTransaction deep links after a connect: the simulated Phantom opens
 * the page's sealed payload (session, exact message or transaction bytes) and answers with a sealed
 * signature, which the page reloaded from the redirect link reads back and resumes from.
 */

afterEach(() => history.replaceState(null, '', '/'));

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A phone page connected to the simulated Phantom through the connect deep link. */
async function connectedPage(): Promise<{ page: PhantomPage; phantom: SimulatedPhantom }> {
  const page = phantomPage();
  const phantom = simulatedPhantom();
  page.land(phantom.approveConnect(await page.openConnectLink()));
  await vi.waitFor(() => expect(page.store.getState().status).toBe('connected'));
  return { page, phantom };
}

/** The same browser loading the page again (the redirect back from Phantom): same storage, fresh page. */
function reloaded(first: PhantomPage): PhantomPage {
  const page = phantomPage();
  for (let i = 0; i < first.storage.length; i++) {
    const key = first.storage.key(i) as string;
    page.storage.setItem(key, first.storage.getItem(key) as string);
  }
  return page;
}

/** The deep-link wallet asks Phantom to sign `message` (as auth/sign-in.ts does): returns the link opened. */
async function askToSign(page: PhantomPage, message: Uint8Array): Promise<string> {
  const [wallet] = page.registered;
  const [account] = wallet?.accounts ?? [];
  if (!wallet || !account) throw new Error('no deep-link wallet');
  const pending = (wallet.features as SolanaSignMessageFeature)[SolanaSignMessage].signMessage({
    account,
    message,
  });
  let settled = false;
  void pending.then(() => {
    settled = true;
  });
  await vi.waitFor(() => expect(page.opened).toHaveLength(1));
  // The page is leaving for Phantom: the call never settles here.
  expect(settled).toBe(false);
  return page.opened[0] as string;
}

/** The controller's payEntry for `mode` over the deep-link wallet: the mode noted, then the transaction sent. */
async function askToPay(
  page: PhantomPage,
  transaction: Uint8Array,
  mode: GameModeId | null = 'smol_shrimp',
): Promise<string> {
  const [wallet] = page.registered;
  const [account] = wallet?.accounts ?? [];
  if (!(wallet instanceof PhantomDeepLinkWallet) || !account) throw new Error('no deep-link wallet');
  if (mode) wallet.payingFor(mode);
  void (wallet.features as SolanaSignAndSendTransactionFeature)[
    SolanaSignAndSendTransaction
  ].signAndSendTransaction({
    account,
    chain: 'solana:devnet',
    transaction,
  });
  await vi.waitFor(() => expect(page.opened).toHaveLength(1));
  return page.opened[0] as string;
}

const SIWS_TEXT = 'pong.example wants you to sign in with your Solana account:\nNonce: 4f1c2a';
/** In this realm's Uint8Array (tweetnacl checks instanceof; the test DOM's encoder makes another realm's). */
const siwsBytes = () => new Uint8Array(new TextEncoder().encode(SIWS_TEXT));

describe('signMessage by deep link (SIWS sign-in on a phone browser)', () => {
  it('the payload Phantom decrypts holds the session and the exact message; its answer reads back to the signature', async () => {
    const { page, phantom } = await connectedPage();
    history.replaceState(null, '', '/?mode=smol');
    const message = siwsBytes();
    const link = await askToSign(page, message);

    const request = phantom.openRequest(link);
    expect(`${request.origin}/ul/v1/${request.method}`).toBe('https://phantom.app/ul/v1/signMessage');
    expect(request.dappPublicKey).toBe(page.phantom.session.get()?.dappPublicKey);
    expect(request.payload?.session).toBe(phantom.session);
    expect(unb58(String(request.payload?.message))).toEqual(message);
    expect(new URL(request.redirectLink).searchParams.get('mode')).toBe('smol');

    const signature = nacl.sign.detached(message, phantom.walletKey.secretKey);
    const answer = new URL(phantom.answerRequest(link, { signature: b58(signature) }));
    const read = await readPhantomRequestReturn(answer, {
      phantom: page.phantom,
      now: page.clock.now(),
      nacl: loadNacl,
    });
    if (read.kind !== 'signed') throw new Error(`expected a signature, got ${JSON.stringify(read)}`);
    expect(read.signature).toEqual(signature);
    expect(read.request.method).toBe('signMessage');
    // Used once: a second read of the same answer finds no request, and is ignored.
    const again = await readPhantomRequestReturn(answer, {
      phantom: page.phantom,
      now: page.clock.now(),
      nacl: loadNacl,
    });
    expect(again).toEqual({ kind: 'none' });
  });

  it('the reloaded page sends the stored message and the signature to /api/auth/verify, then connects', async () => {
    const { page: first, phantom } = await connectedPage();
    const message = siwsBytes();
    const link = await askToSign(first, message);
    const signature = nacl.sign.detached(message, phantom.walletKey.secretKey);

    const page = reloaded(first);
    page.land(phantom.answerRequest(link, { signature: b58(signature) }));
    await vi.waitFor(() => expect(page.store.getState().status).toBe('connected'));
    expect(page.verifyBodies).toEqual([
      {
        url: '/api/auth/verify',
        walletAddress: phantom.address,
        signedMessage: base64(message),
        signature: base64(signature),
        termsVersion: expect.any(String),
      },
    ]);
    expect(page.store.getState().publicKey).toBe(phantom.address);
    expect(location.search).toBe('');
    expect(page.toasts).toEqual([]);
  });

  it("a refusal (4001) shows 'Sign-in Failed' with 'Connection cancelled by user' and does not ask again", async () => {
    const { page: first, phantom } = await connectedPage();
    const link = await askToSign(first, siwsBytes());
    const page = reloaded(first);
    page.land(phantom.reject(phantom.openRequest(link).redirectLink));
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    expect(page.toasts[0]).toEqual({
      title: 'Sign-in Failed',
      description: CONNECTION_CANCELLED,
      variant: 'destructive',
    });
    expect(page.connections).toEqual([]);
    expect(page.verifyBodies).toEqual([]);
    expect(page.stored.walletType.get()).toBeNull();
  });

  it('a verify the server refuses shows its error and connects nothing', async () => {
    const { page: first, phantom } = await connectedPage();
    const message = siwsBytes();
    const link = await askToSign(first, message);
    const page = reloaded(first);
    page.failVerify();
    page.land(
      phantom.answerRequest(link, {
        signature: b58(nacl.sign.detached(message, phantom.walletKey.secretKey)),
      }),
    );
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    expect(page.toasts[0]).toEqual({
      title: 'Sign-in Failed',
      description: 'Sign-in expired',
      variant: 'destructive',
    });
    expect(page.connections).toEqual([]);
  });
});

describe('signAndSendTransaction by deep link (the entry payment on a phone browser)', () => {
  const transaction = Uint8Array.from({ length: 215 }, (_, i) => (i * 37 + 11) % 256);

  it('the payload holds the session and the exact transaction bytes; the answer gives the payment its signature', async () => {
    const { page: first, phantom } = await connectedPage();
    const link = await askToPay(first, transaction);
    const request = phantom.openRequest(link);
    expect(`${request.origin}/ul/v1/${request.method}`).toBe(
      'https://phantom.app/ul/v1/signAndSendTransaction',
    );
    expect(request.payload?.session).toBe(phantom.session);
    expect(unb58(String(request.payload?.transaction))).toEqual(transaction);

    const signature = nacl.randomBytes(64);
    const page = reloaded(first);
    page.land(phantom.answerRequest(link, { signature: b58(signature) }));
    await vi.waitFor(() => expect(page.payments).toHaveLength(1));
    expect(page.payments).toEqual([
      { ok: true, signature: b58(signature), address: phantom.address, gameMode: 'smol_shrimp' },
    ]);
    await vi.waitFor(() => expect(page.store.getState().status).toBe('connected'));
    expect(location.search).toBe('');
  });

  it("a refusal (4001) is 'Transaction rejected by user' (user_rejected), and the wallet stays connected", async () => {
    const { page: first, phantom } = await connectedPage();
    const link = await askToPay(first, transaction, 'tiny_tuna');
    const page = reloaded(first);
    page.land(phantom.reject(phantom.openRequest(link).redirectLink));
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    expect(page.payments).toEqual([
      {
        ok: false,
        message: 'Transaction rejected by user',
        errorType: 'user_rejected',
        gameMode: 'tiny_tuna',
      },
    ]);
    expect(page.toasts[0]).toEqual({
      title: 'Payment Failed',
      description: 'Transaction rejected by user',
      variant: 'destructive',
    });
    expect(page.store.getState().status).toBe('connected');
  });

  it('a tampered answer is an invalid wallet response; a stale request is unknown', async () => {
    const { page, phantom } = await connectedPage();
    const link = await askToPay(page, transaction);
    const answer = new URL(phantom.answerRequest(link, { signature: b58(nacl.randomBytes(64)) }));
    const data = unb58(answer.searchParams.get('data') ?? '');
    data[0] = (data[0] ?? 0) ^ 1;
    answer.searchParams.set('data', b58(data));
    const deps = { phantom: page.phantom, now: page.clock.now(), nacl: loadNacl };
    expect(await readPhantomRequestReturn(answer, deps)).toEqual({
      kind: 'failed',
      method: 'signAndSendTransaction',
      message: INVALID_WALLET_RESPONSE,
      gameMode: 'smol_shrimp',
    });

    page.opened.length = 0;
    const stale = await askToPay(page, transaction);
    const late = new URL(phantom.answerRequest(stale, { signature: b58(nacl.randomBytes(64)) }));
    expect(
      await readPhantomRequestReturn(late, { ...deps, now: page.clock.now() + STALE_REQUEST_MS + 1 }),
    ).toEqual({
      kind: 'failed',
      method: 'signAndSendTransaction',
      message: UNKNOWN_WALLET_REQUEST,
      gameMode: 'smol_shrimp',
    });
  });
});

describe('a request answer in the page address never shows its text', () => {
  const PHISHING = 'Your wallet is locked: send 0.5 SOL to 9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
  /** Phantom's redirect link for the request, answered with an error code and a stranger's text. */
  const refusedWith = (link: string, phantom: SimulatedPhantom) =>
    phantom.reject(phantom.openRequest(link).redirectLink, '-32603', PHISHING);

  it("a sign-in refused with another code than 4001 says 'Couldn't connect wallet', not the address's text", async () => {
    const { page: first, phantom } = await connectedPage();
    const link = await askToSign(first, siwsBytes());
    const page = reloaded(first);
    page.land(refusedWith(link, phantom));
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    expect(page.toasts[0]).toEqual({
      title: 'Sign-in Failed',
      description: RETURN_FAILED_TOAST,
      variant: 'destructive',
    });
    expect(page.store.getState().lastError).toBe(RETURN_FAILED_TOAST);
  });

  it('a payment refused with another code than 4001 is a failed payment in our words, not the address text', async () => {
    const { page: first, phantom } = await connectedPage();
    const link = await askToPay(first, new Uint8Array(215).fill(1), 'tiny_tuna');
    const page = reloaded(first);
    page.land(refusedWith(link, phantom));
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    expect(page.payments).toEqual([
      { ok: false, message: PAYMENT_NOT_SENT, errorType: 'generic', gameMode: 'tiny_tuna' },
    ]);
    expect(page.toasts[0]).toEqual({
      title: 'Payment Failed',
      description: PAYMENT_NOT_SENT,
      variant: 'destructive',
    });
  });

  it('an answer naming a request this page does not hold is ignored whole; the stored request is kept', async () => {
    const { page: first, phantom } = await connectedPage();
    const link = await askToSign(first, siwsBytes());
    const page = reloaded(first);
    const pending = page.phantom.request.get();
    page.land(`/?wallet_request=not-ours&errorCode=-32603&errorMessage=${encodeURIComponent(PHISHING)}`);
    await page.core.wait(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.toasts).toEqual([]);
    expect(page.payments).toEqual([]);
    expect(page.phantom.request.get()).toEqual(pending);
    expect(page.stored.walletType.get()).toBe('Phantom');
    expect(location.search).toBe('');
    // The real answer still finds its request afterwards.
    page.land(refusedWith(link, phantom));
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
  });
});
