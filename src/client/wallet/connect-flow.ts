import type { Wallet } from '@wallet-standard/base';
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features';
import { CONNECTION_CANCELLED, describeConnectError, INVALID_CONNECTION_RESPONSE } from './connect-errors.ts';
import { connectStep } from './connect-step.ts';
import { phantomConnectLink, redirectLink } from './deep-links.ts';
import { detectWithRetry } from './detection-retry.ts';
import { clearConnectRequest, newConnectionId, recordConnectRequest } from './mobile-connect.ts';
import { startPhantomConnect } from './phantom-deeplink/phantom-connect-return.ts';
import { loadNacl, type Nacl } from './phantom-deeplink/phantom-crypto.ts';
import { createPhantomStore, type PhantomStore } from './phantom-deeplink/phantom-store.ts';
import { choiceOf, solanaAccount, type WalletCore } from './wallet-core.ts';
import type { WalletDialog } from './wallet-state.ts';

/**
 * The connect flow after the terms (SPEC §2/§4, connect-step.ts): the one wallet, the chooser, the desktop
 * download page, the mobile wallet dialog, or 'Direct Connect' inside a wallet app's browser.
 */
export function createConnectFlow(
  core: WalletCore,
  phantom: { store: PhantomStore; nacl: () => Promise<Nacl> } = {
    store: createPhantomStore(),
    nacl: loadNacl,
  },
) {
  const { stored } = core.deps;

  /** The page's X25519 key for this connect request (its secret kept until Phantom answers), or null. */
  async function phantomConnectKey(connectionId: string): Promise<string | null> {
    try {
      return startPhantomConnect(await phantom.nacl(), phantom.store, connectionId);
    } catch (error) {
      console.warn("Phantom's connect link is unavailable", error);
      return null;
    }
  }

  /** Returns the error shown, or null once connected. */
  async function connect(wallet: Wallet): Promise<string | null> {
    core.set({ status: 'connecting', dialog: null, lastError: null });
    recordConnectRequest(stored, { walletName: wallet.name, connectionId: null }, core.clock.now());
    try {
      const output = await (wallet.features as StandardConnectFeature)[StandardConnect].connect();
      const account = solanaAccount(output?.accounts ?? []);
      if (!account?.address) throw new Error(INVALID_CONNECTION_RESPONSE);
      await core.connected(wallet, account);
      return null;
    } catch (error) {
      const message = describeConnectError(error);
      clearConnectRequest(stored, { keepWalletType: false });
      core.set({ status: 'disconnected', lastError: message });
      if (message !== CONNECTION_CANCELLED) console.warn('Wallet connection failed', error);
      core.deps.toast({ title: 'Wallet Connection Failed', description: message, variant: 'destructive' });
      return message;
    }
  }

  async function mobileDialog(wallets: readonly Wallet[]): Promise<WalletDialog> {
    const connectionId = newConnectionId();
    const key = await phantomConnectKey(connectionId);
    return {
      kind: 'mobile',
      connectionId,
      pageUrl: location.href,
      origin: location.origin,
      connectLink: key
        ? phantomConnectLink({
            appUrl: location.origin,
            encryptionPublicKey: key,
            redirectLink: redirectLink(location.href, connectionId),
            cluster: core.deps.config?.cluster ?? null,
          })
        : null,
      wallets: wallets.map(choiceOf),
    };
  }

  return {
    connect,

    async beginConnect(): Promise<void> {
      const device = core.deps.device();
      // The wallet apps (Phantom, Solflare) cannot reach the local chain: only this page's wallets can.
      const appsReachChain = core.deps.config?.cluster !== 'localnet';
      core.set({ status: 'connecting', lastError: null });
      const found =
        device.isMobile && device.inWalletApp
          ? []
          : await detectWithRetry(() => core.usableWallets(), core.wait, {
              retries: device.isMobile && appsReachChain ? 0 : undefined,
            });
      core.noteDetected();
      const step = connectStep(device, found, appsReachChain);
      if (step.kind === 'connect') {
        await connect(step.wallet);
        return;
      }
      const dialog: WalletDialog =
        step.kind === 'direct'
          ? { kind: 'direct', walletName: step.walletName, error: null }
          : step.kind === 'mobile'
            ? await mobileDialog(step.wallets)
            : step.kind === 'chooser'
              ? { kind: 'chooser', wallets: step.wallets.map(choiceOf) }
              : { kind: 'download' };
      core.set({ status: 'disconnected', dialog });
    },

    async choose(name: string): Promise<void> {
      const wallet = core.usableWallets().find((w) => w.name === name);
      core.set({ dialog: null });
      if (wallet) await connect(wallet);
    },

    /** 'Direct Connect' inside a wallet app's browser: its injected wallet, or the first one found. */
    async directConnect(): Promise<void> {
      const dialog = core.state().dialog;
      const name = dialog?.kind === 'direct' ? dialog.walletName : null;
      const found = await detectWithRetry(() => core.usableWallets(), core.wait);
      const wallet = found.find((w) => w.name === name) ?? found[0];
      if (!wallet) {
        core.set({ dialog: { kind: 'direct', walletName: name, error: 'Wallet provider not found' } });
        return;
      }
      const error = await connect(wallet);
      if (error) core.set({ dialog: { kind: 'direct', walletName: name, error } });
    },

    /** A wallet app link was opened: SPEC §4's return rules apply when the player comes back. */
    openedWalletApp(name: string): void {
      const dialog = core.state().dialog;
      const connectionId = dialog?.kind === 'mobile' ? dialog.connectionId : null;
      recordConnectRequest(stored, { walletName: name, connectionId }, core.clock.now());
    },

    closeDialog(): void {
      const { status } = core.state();
      core.set({ dialog: null, status: status === 'connecting' ? 'disconnected' : status });
    },
  };
}
