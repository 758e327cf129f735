import {
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  devnet,
  lamports,
  type Signature,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardEvents,
  type StandardEventsFeature,
} from '@wallet-standard/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { currentSessionWallet, ensureSignedIn } from '../../auth/sign-in.ts';
import { payEntry } from '../../payment/pay-entry.ts';
import { safeStorageArea } from '../../storage/storage-area.ts';
import { createStoredValues } from '../../storage/stored-values.ts';
import { memoryStorage } from '../../storage/test-support/memory-storage.ts';
import type { PaymentStatus } from '../wallet-api.ts';
import { AIRDROP_LAMPORTS, airdropTestSol } from './airdrop.ts';
import { LOCAL_WALLET_NAME, LocalWallet } from './local-wallet.ts';

/**
 * The Local Wallet, sign-in and entry payment against the real server and its local chain: the Local Wallet's standard features,
 * SIWS through the real /api/auth endpoints (cookie), and an entry payment confirmed on chain. The chain's
 * clock is fake and every wait advances it, so nothing here sleeps.
 */

const storedValuesOver = (local: Storage, session: Storage) =>
  createStoredValues(
    safeStorageArea(() => local),
    safeStorageArea(() => session),
  );

/** A browser's fetch for one page: its Origin on every request and a cookie jar. */
function browserFetch(origin: string): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    return res;
  };
}

describe('the Local Wallet against the real server and local chain', () => {
  const clock = createFakeClock();
  const sleep = async (ms: number) => clock.advance(ms);
  let server: TestServer;
  let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;
  let rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions>;
  let houseWallet: string;

  const newWallet = (storage = memoryStorage()) =>
    new LocalWallet({ rpc, storage, defaultDomain: new URL(server.url).host });
  const connect = async (wallet: Wallet) =>
    (await (wallet.features as StandardConnectFeature)[StandardConnect].connect()).accounts[0]!;
  const balance = async (of: string) =>
    (await rpc.getBalance(address(of), { commitment: 'confirmed' }).send()).value;
  const pay = (wallet: Wallet, account: WalletAccount, statuses: PaymentStatus[] = []) =>
    payEntry('smol_shrimp', (s) => statuses.push(s), {
      rpc,
      rpcSubscriptions,
      wallet,
      account,
      chain: 'solana:localnet',
      houseWallet,
      sleep,
      pollIntervalMs: 400,
    });

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const { url } = (await (await fetch(`${server.url}/api/quicknode-url`)).json()) as { url: string };
    rpc = createSolanaRpc(devnet(url));
    rpcSubscriptions = createSolanaRpcSubscriptions(url.replace(/^http/, 'ws'));
    ({ houseWallet } = (await (await fetch(`${server.url}/api/wallet-config`)).json()) as {
      houseWallet: string;
    });
  });
  afterAll(() => server?.stop());

  it("connect gives one account, and the same profile's key survives a reload", async () => {
    const storage = memoryStorage();
    const wallet = newWallet(storage);
    expect(wallet.name).toBe(LOCAL_WALLET_NAME);
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Object.keys(wallet.features).sort()).toEqual(
      [
        'solana:signAndSendTransaction',
        'solana:signIn',
        'solana:signMessage',
        'solana:signTransaction',
        'standard:connect',
        'standard:disconnect',
        'standard:events',
      ].sort(),
    );
    const changes: number[] = [];
    (wallet.features as StandardEventsFeature)[StandardEvents].on('change', ({ accounts }) =>
      changes.push(accounts?.length ?? -1),
    );
    const account = await connect(wallet);
    expect(changes).toEqual([1]);
    expect(account.chains).toEqual(['solana:localnet']);

    const reloaded = newWallet(storage);
    const silent = await (reloaded.features as StandardConnectFeature)[StandardConnect].connect({
      silent: true,
    });
    expect(silent.accounts[0]?.address).toBe(account.address);
    expect((await connect(newWallet())).address).not.toBe(account.address);
  });

  it("'Airdrop test SOL' credits 1 SOL, then SIWS through solana:signIn sets the session cookie once", async () => {
    const wallet = newWallet();
    const account = await connect(wallet);
    await airdropTestSol(address(account.address), { rpc, sleep });
    expect(await balance(account.address)).toBe(AIRDROP_LAMPORTS);

    const http = { fetch: browserFetch(server.url), baseUrl: server.url };
    const sessionStorage = memoryStorage();
    const session = storedValuesOver(memoryStorage(), sessionStorage);
    expect(await currentSessionWallet(http)).toBeNull();
    expect(await ensureSignedIn(wallet, account, { http, session, clock })).toBe('signed');
    expect(await currentSessionWallet(http)).toBe(account.address);
    expect(sessionStorage.getItem('wallet_auth_addr')).toBe(account.address);
    expect(sessionStorage.getItem('wallet_auth_time')).toBe(String(clock.now()));
    // Once per session: the cookie still holds, so the wallet is not asked again.
    expect(await ensureSignedIn(wallet, account, { http, session, clock })).toBe('session');
  });

  it('a wallet without solana:signIn signs in with signMessage over the server text', async () => {
    const inner = newWallet();
    const account = await connect(inner);
    const { 'solana:signIn': _dropped, ...features } = inner.features;
    const withoutSignIn: Wallet = {
      ...inner,
      name: inner.name,
      icon: inner.icon,
      chains: inner.chains,
      version: inner.version,
      accounts: inner.accounts,
      features,
    };
    const http = { fetch: browserFetch(server.url), baseUrl: server.url };
    await ensureSignedIn(withoutSignIn, account, {
      http,
      session: storedValuesOver(memoryStorage(), memoryStorage()),
      clock,
    });
    expect(await currentSessionWallet(http)).toBe(account.address);
  });

  it('the entry transfer is signed and sent by the wallet, confirmed on chain, its payment statuses in order', async () => {
    const wallet = newWallet();
    const account = await connect(wallet);
    await airdropTestSol(address(account.address), { rpc, sleep });
    const houseBefore = await balance(houseWallet);
    const statuses: PaymentStatus[] = [];

    const result = await pay(wallet, account, statuses);

    expect(result).toMatchObject({ success: true, amount: 0.025, gameMode: 'smol_shrimp' });
    expect(statuses).toEqual(['creating', 'signing', 'processing', 'confirmed']);
    const wager = getGameMode('smol_shrimp').wagerLamports;
    expect(await balance(houseWallet)).toBe(houseBefore + wager);
    const tx = await rpc
      .getTransaction(result.signature as Signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(tx?.meta?.err).toBeNull();
    expect(await balance(account.address)).toBe(AIRDROP_LAMPORTS - wager - tx!.meta!.fee);
    // The verifier's view: the server accepts this signature as the entry of this wallet.
    expect(tx!.transaction.message.accountKeys[0]).toBe(account.address);
  });

  it("confirmation through Kit's helpers over the /rpc PubSub WebSocket alone (no polling)", async () => {
    const wallet = newWallet();
    const account = await connect(wallet);
    await airdropTestSol(address(account.address), { rpc, sleep });
    // The chain's slots follow the fake clock; the PubSub hub reads it on its own timer.
    const slots = setInterval(() => clock.advance(400), 20);
    try {
      const result = await payEntry('smol_shrimp', () => {}, {
        rpc,
        rpcSubscriptions,
        wallet,
        account,
        chain: 'solana:localnet',
        houseWallet,
        maxPolls: 0,
      });
      expect(result).toMatchObject({ success: true, gameMode: 'smol_shrimp' });
    } finally {
      clearInterval(slots);
    }
  });

  it('a wallet that never received SOL: insufficient_funds, nothing sent', async () => {
    const wallet = newWallet();
    const account = await connect(wallet);
    const statuses: PaymentStatus[] = [];
    const result = await pay(wallet, account, statuses);
    expect(result).toEqual({
      success: false,
      amount: 0.025,
      gameMode: 'smol_shrimp',
      error: 'Insufficient funds for transaction',
      errorType: 'insufficient_funds',
    });
    expect(statuses).toEqual(['creating', 'signing', 'failed']);
  });

  it('a balance below the wager: the chain refuses the transfer, insufficient_funds', async () => {
    const poor = newWallet();
    const poorAccount = await connect(poor);
    await rpc.requestAirdrop(address(poorAccount.address), lamports(10_000_000n)).send();
    await sleep(800);
    expect(await balance(poorAccount.address)).toBe(10_000_000n);
    const result = await pay(poor, poorAccount);
    expect(result).toMatchObject({
      success: false,
      errorType: 'insufficient_funds',
      error: 'Insufficient funds for transaction',
    });
  });

  it('the player refuses in the wallet (code 4001, as Phantom answers): user_rejected, nothing sent', async () => {
    const inner = newWallet();
    const account = await connect(inner);
    await airdropTestSol(address(account.address), { rpc, sleep });
    const refuse = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    };
    const refusing: Wallet = {
      version: inner.version,
      name: 'Refusing Wallet',
      icon: inner.icon,
      chains: inner.chains,
      accounts: inner.accounts,
      features: {
        ...inner.features,
        'solana:signAndSendTransaction': {
          ...inner.features['solana:signAndSendTransaction'],
          signAndSendTransaction: refuse,
        },
        'solana:signTransaction': { ...inner.features['solana:signTransaction'], signTransaction: refuse },
      },
    };
    const result = await pay(refusing, account);
    expect(result).toMatchObject({
      success: false,
      errorType: 'user_rejected',
      error: 'Transaction rejected by user',
    });
    expect(await balance(account.address)).toBe(AIRDROP_LAMPORTS);
  });
});
