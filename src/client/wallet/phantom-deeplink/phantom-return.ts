import type { Wallet } from '@wallet-standard/base';
import type { GameModeId } from '../../../common/game-modes.ts';
import { clearConnectRequest, withoutWalletAppAnswer } from '../mobile-connect.ts';
import type { WalletCore } from '../wallet-core.ts';
import { isPhantomConnectReturn, readPhantomConnectReturn } from './phantom-connect-return.ts';
import { fromBase58, type Nacl, toBase58 } from './phantom-crypto.ts';
import { PhantomDeepLinkWallet } from './phantom-deeplink-wallet.ts';
import {
  isPhantomRequestReturn,
  readPhantomRequestReturn,
  withoutRequestAnswer,
} from './phantom-requests.ts';
import { type VerifyHttp, verifyResumedSignIn } from './phantom-sign-in.ts';
import type { PhantomStore } from './phantom-store.ts';

/** Phantom's answer to an entry payment sent by deep link while the page was away (the lobby resumes it). */
export type PhantomPaymentAnswer =
  | { ok: true; signature: string; address: string; gameMode: GameModeId | null }
  | { ok: false; message: string; errorType: 'user_rejected' | 'generic'; gameMode: GameModeId | null };

export interface PhantomReturnDeps {
  phantom: PhantomStore;
  nacl: () => Promise<Nacl>;
  http: VerifyHttp;
  /** Announces the wallet to the page (getWallets().register); returns its removal. */
  register(wallet: Wallet): () => void;
  pageUrl(): string;
  open(link: string): void;
  /** A payment answer arrived (success or refusal): what the payment flow resumes from. */
  onPayment?(answer: PhantomPaymentAnswer): void;
}

/**
 * What a page loaded from one of Phantom's redirect links does (the phone browser's path to
 * Phantom): a connect answer is decrypted and the wallet connected; a signMessage answer finishes the
 * sign-in; a signAndSendTransaction answer is handed to the payment flow. The answer is removed from the
 * address first (history.replaceState) so a reload never reads it twice.
 */
export function createPhantomReturn(core: WalletCore, deps: PhantomReturnDeps) {
  const { stored } = core.deps;
  let wallet: PhantomDeepLinkWallet | null = null;
  let unregister: (() => void) | null = null;
  let handling: Promise<void> = Promise.resolve();

  function deepLinkWallet(): PhantomDeepLinkWallet {
    if (wallet) return wallet;
    const created = new PhantomDeepLinkWallet({
      phantom: deps.phantom,
      nacl: deps.nacl,
      clock: core.clock,
      pageUrl: deps.pageUrl,
      open: deps.open,
      onDisconnect: () => {
        unregister?.();
        unregister = null;
        wallet = null;
      },
    });
    unregister = deps.register(created);
    wallet = created;
    return created;
  }

  function fail(title: string, message: string): void {
    core.set({
      status: core.state().status === 'connected' ? 'connected' : 'disconnected',
      lastError: message,
    });
    core.deps.toast({ title, description: message, variant: 'destructive' });
  }

  async function connectDeepLinkWallet(): Promise<void> {
    const w = deepLinkWallet();
    const [account] = w.accounts;
    if (account) await core.connected(w, account);
  }

  async function connectAnswer(url: URL): Promise<void> {
    const outcome = await readPhantomConnectReturn(url, {
      stored,
      phantom: deps.phantom,
      now: core.clock.now(),
      nacl: deps.nacl,
    });
    if (outcome.kind === 'none') return;
    if (outcome.kind === 'failed') {
      clearConnectRequest(stored, { keepWalletType: core.state().status === 'connected' });
      fail('Wallet Connection Failed', outcome.message);
      return;
    }
    await connectDeepLinkWallet();
  }

  async function requestAnswer(url: URL): Promise<void> {
    const outcome = await readPhantomRequestReturn(url, {
      phantom: deps.phantom,
      now: core.clock.now(),
      nacl: deps.nacl,
    });
    if (outcome.kind === 'none') return;
    if (outcome.kind === 'failed') {
      if (outcome.method === 'signAndSendTransaction') {
        deps.onPayment?.({
          ok: false,
          message: outcome.message,
          errorType: outcome.errorType ?? 'generic',
          gameMode: outcome.gameMode ?? null,
        });
        // Refused or broken, the payment is over; the connection itself still holds.
        await connectDeepLinkWallet();
        fail('Payment Failed', outcome.message);
        return;
      }
      // A sign-in that did not finish: not reconnected on its own (that would ask Phantom again at once);
      // the player connects again to retry, the session still stored.
      stored.walletType.clear();
      fail('Sign-in Failed', outcome.message);
      return;
    }
    const { request, signature } = outcome;
    if (request.method === 'signAndSendTransaction') {
      deps.onPayment?.({
        ok: true,
        signature: toBase58(signature),
        address: request.address,
        gameMode: request.gameMode ?? null,
      });
      await connectDeepLinkWallet();
      return;
    }
    const message = fromBase58(request.message);
    try {
      if (!message) throw new Error('The sign-in message was lost: please connect again');
      await verifyResumedSignIn(deps.http, { address: request.address, message, signature });
    } catch (error) {
      stored.walletType.clear();
      fail('Sign-in Failed', error instanceof Error ? error.message : String(error));
      return;
    }
    // The session cookie is set: connecting signs in without asking Phantom again.
    await connectDeepLinkWallet();
  }

  async function handleAnswer(url: URL): Promise<void> {
    history.replaceState(history.state, '', withoutRequestAnswer(new URL(withoutWalletAppAnswer(url))));
    try {
      if (isPhantomConnectReturn(url)) await connectAnswer(url);
      else await requestAnswer(url);
    } catch (error) {
      console.warn("Reading Phantom's answer failed", error);
      fail('Wallet Connection Failed', error instanceof Error ? error.message : String(error));
    }
  }

  return {
    /** A stored Phantom session makes the wallet discoverable again (the load's restore then finds it). */
    registerStored(): void {
      // Inside a wallet app's browser its own injected wallet is the one to use (Direct Connect).
      if (deps.phantom.session.get() && !core.deps.device().inWalletApp) deepLinkWallet();
    },
    isAnswer(url: URL): boolean {
      return isPhantomConnectReturn(url) || isPhantomRequestReturn(url);
    },
    /** Reads the answer in `url` (cleaned from the address at once) and acts on it. */
    handle(url: URL): Promise<void> {
      handling = handleAnswer(url);
      return handling;
    },
    /** Settles once the last answer read is acted on (the payment resume waits for it). */
    settled: (): Promise<void> => handling,
  };
}

export type PhantomReturn = ReturnType<typeof createPhantomReturn>;
