import {
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  type Rpc,
  type SendTransactionApi,
  signBytes,
} from '@solana/kit';
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  SolanaSignIn,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import { ReadonlyWalletAccount } from '@wallet-standard/wallet';
import { type KeyStoreEnvironment, loadOrCreateKeyPair } from './key-store.ts';
import { LOCAL_WALLET_ICON } from './local-wallet-icon.ts';

export const LOCAL_WALLET_NAME = 'Local Wallet';
export const LOCAL_CHAIN = 'solana:localnet';
/** Set while the page may reconnect silently (SPEC §4 restore); a disconnect clears it. */
export const LOCAL_WALLET_AUTHORIZED_KEY = 'local_wallet_authorized';

export type LocalWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignInFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature;

export interface LocalWalletOptions extends KeyStoreEnvironment {
  /** The local chain's JSON-RPC (this server's /rpc). */
  rpc: Rpc<SendTransactionApi>;
  /** The sign-in domain when a request names none (the page's host). */
  defaultDomain: string;
}

const FEATURE_NAMES = [
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  SolanaSignAndSendTransaction,
] as const;

/**
 * A Wallet Standard wallet for the local chain: its keypair lives in the browser (key-store.ts), it signs
 * without a pop-up, and it sends through the server's /rpc. It exists only when the server says the cluster
 * is 'localnet', so `npm start` is playable with no extension.
 */
export class LocalWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = LOCAL_WALLET_NAME;
  readonly icon = LOCAL_WALLET_ICON;
  readonly chains = [LOCAL_CHAIN] as const;
  readonly features: LocalWalletFeatures;
  #accounts: WalletAccount[] = [];
  #keyPair: CryptoKeyPair | null = null;
  #listeners = new Set<StandardEventsListeners['change']>();
  readonly #options: LocalWalletOptions;

  constructor(options: LocalWalletOptions) {
    this.#options = options;
    this.features = {
      [StandardConnect]: { version: '1.0.0', connect: (input) => this.#connect(input?.silent ?? false) },
      [StandardDisconnect]: { version: '1.0.0', disconnect: () => this.#disconnect() },
      [StandardEvents]: { version: '1.0.0', on: (_event, listener) => this.#on(listener) },
      [SolanaSignIn]: { version: '1.0.0', signIn: (...inputs) => this.#each(inputs, (i) => this.#signIn(i)) },
      [SolanaSignMessage]: {
        version: '1.0.0',
        signMessage: (...inputs) =>
          this.#each(inputs, async ({ account, message }) => {
            const key = this.#signingKey(account);
            return { signedMessage: message, signature: await signBytes(key, message) };
          }),
      },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs) =>
          this.#each(inputs, async (input) => ({ signedTransaction: await this.#sign(input) })),
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...inputs) =>
          this.#each(inputs, async (input) => ({ signature: await this.#signAndSend(input) })),
      },
    };
  }

  get accounts(): readonly WalletAccount[] {
    return this.#accounts.slice();
  }

  async #connect(silent: boolean) {
    const storage = this.#options.storage;
    if (silent && storage?.getItem(LOCAL_WALLET_AUTHORIZED_KEY) !== 'true')
      return { accounts: this.accounts };
    if (this.#accounts.length === 0) {
      const { keyPair } = await loadOrCreateKeyPair(this.#options);
      const address = await getAddressFromPublicKey(keyPair.publicKey);
      this.#keyPair = keyPair;
      this.#accounts = [
        new ReadonlyWalletAccount({
          address,
          publicKey: new Uint8Array(getBase58Encoder().encode(address)),
          chains: [LOCAL_CHAIN],
          features: [...FEATURE_NAMES],
          label: LOCAL_WALLET_NAME,
          icon: LOCAL_WALLET_ICON,
        }),
      ];
      storage?.setItem(LOCAL_WALLET_AUTHORIZED_KEY, 'true');
      this.#emit();
    }
    return { accounts: this.accounts };
  }

  async #disconnect() {
    this.#options.storage?.setItem(LOCAL_WALLET_AUTHORIZED_KEY, 'false');
    if (this.#accounts.length === 0) return;
    this.#accounts = [];
    this.#keyPair = null;
    this.#emit();
  }

  #on(listener: StandardEventsListeners['change']) {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #emit() {
    for (const listener of this.#listeners) listener({ accounts: this.accounts });
  }

  async #each<I, O>(inputs: readonly I[], run: (input: I) => Promise<O>): Promise<readonly O[]> {
    const outputs: O[] = [];
    for (const input of inputs) outputs.push(await run(input));
    return outputs;
  }

  #signingKey(account: WalletAccount): CryptoKey {
    const own = this.#accounts[0];
    if (!own || !this.#keyPair) throw new Error('Wallet not connected');
    if (account.address !== own.address)
      throw new Error(`The Local Wallet holds no key for ${account.address}`);
    return this.#keyPair.privateKey;
  }

  #checkChain(chain: IdentifierString | undefined) {
    if (chain !== undefined && chain !== LOCAL_CHAIN) {
      throw new Error(`The Local Wallet signs for ${LOCAL_CHAIN} only, not ${chain}`);
    }
  }

  async #signIn(input: SolanaSignInInput) {
    const account = this.#accounts[0] ?? (await this.#connect(false)).accounts[0];
    if (!account) throw new Error('Wallet not connected');
    if (input.address !== undefined && input.address !== account.address) {
      throw new Error(`Sign-in requested for ${input.address}, but the Local Wallet is ${account.address}`);
    }
    const text = createSignInMessageText({
      ...input,
      domain: input.domain ?? this.#options.defaultDomain,
      address: account.address,
    });
    const signedMessage = new TextEncoder().encode(text);
    const signature = await signBytes(this.#signingKey(account), signedMessage);
    return { account, signedMessage, signature, signatureType: 'ed25519' as const };
  }

  async #sign(input: SolanaSignTransactionInput): Promise<Uint8Array> {
    this.#checkChain(input.chain);
    const key = this.#signingKey(input.account);
    const transaction = getTransactionDecoder().decode(input.transaction);
    if (!(input.account.address in transaction.signatures)) {
      throw new Error('The transaction does not ask the Local Wallet to sign');
    }
    const keyPair = { privateKey: key, publicKey: this.#keyPair!.publicKey };
    const signed = await partiallySignTransaction([keyPair], transaction);
    return new Uint8Array(getTransactionEncoder().encode(signed));
  }

  async #signAndSend(input: SolanaSignAndSendTransactionInput): Promise<Uint8Array> {
    const signedBytes = await this.#sign(input);
    const signed = getTransactionDecoder().decode(signedBytes);
    const options = input.options;
    const signature = await this.#options.rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        preflightCommitment: options?.preflightCommitment ?? options?.commitment ?? 'confirmed',
        ...(options?.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
        ...(options?.maxRetries !== undefined ? { maxRetries: BigInt(options.maxRetries) } : {}),
        ...(options?.minContextSlot !== undefined ? { minContextSlot: BigInt(options.minContextSlot) } : {}),
      })
      .send();
    return new Uint8Array(getBase58Encoder().encode(signature));
  }
}
