import {
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  devnet,
  lamports,
  type Signature,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { createFakeClock } from '../../common/clock.ts';
import { entryLamportsNeeded, RENT_EXEMPT_MINIMUM_LAMPORTS } from '../../common/entry-cost.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { TRANSFER_NETWORK_FEE_LAMPORTS } from '../../common/rules.ts';
import { canAfford } from '../lobby/find-match-rules.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { LocalWallet } from '../wallet/local-wallet/local-wallet.ts';
import { payEntry } from './pay-entry.ts';

/**
 * common/entry-cost.ts against the real runtime: the client's own entry transfer (pay-entry.ts, signed by
 * the Local Wallet) on the product's local chain (LiteSVM), from wallets funded to the lamport. The
 * lobby's affordability (canAfford) must say yes exactly where the chain takes the payment. The chain's
 * clock is fake and every wait advances it: nothing sleeps.
 */

const MARLIN = getGameMode('mighty_marlin');

describe('the entry payment costs the wager, the network fee and leaves the wallet rent-exempt or empty', () => {
  const clock = createFakeClock();
  const sleep = async (ms: number) => clock.advance(ms);
  let server: TestServer;
  let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;
  let rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions>;
  let houseWallet: string;

  const balance = async (of: string) =>
    (await rpc.getBalance(address(of), { commitment: 'confirmed' }).send()).value;

  /** A fresh Local Wallet holding exactly `funds` lamports. */
  async function walletWith(funds: bigint): Promise<{ wallet: Wallet; account: WalletAccount }> {
    const wallet = new LocalWallet({
      rpc,
      storage: memoryStorage(),
      defaultDomain: new URL(server.url).host,
    });
    const [account] = (await (wallet.features as StandardConnectFeature)[StandardConnect].connect()).accounts;
    if (!account) throw new Error('the Local Wallet gave no account');
    await rpc.requestAirdrop(address(account.address), lamports(funds)).send();
    await sleep(800);
    expect(await balance(account.address)).toBe(funds);
    return { wallet, account };
  }

  const payMarlin = ({ wallet, account }: { wallet: Wallet; account: WalletAccount }) =>
    payEntry('mighty_marlin', () => {}, {
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

  it('wager + fee + rent-exempt minimum: the lobby says affordable, the chain takes it, the fee is 5,010 lamports', async () => {
    const funds = entryLamportsNeeded(MARLIN.wagerLamports);
    expect(canAfford(MARLIN, funds)).toBe(true);
    const payer = await walletWith(funds);
    const result = await payMarlin(payer);
    expect(result).toMatchObject({ success: true, gameMode: 'mighty_marlin' });
    const tx = await rpc
      .getTransaction(result.signature as Signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(tx?.meta?.fee).toBe(TRANSFER_NETWORK_FEE_LAMPORTS);
    expect(await balance(payer.account.address)).toBe(RENT_EXEMPT_MINIMUM_LAMPORTS);
  });

  it('wager + fee exactly: affordable, and the chain takes it, leaving the wallet empty', async () => {
    const funds = MARLIN.wagerLamports + TRANSFER_NETWORK_FEE_LAMPORTS;
    expect(canAfford(MARLIN, funds)).toBe(true);
    const payer = await walletWith(funds);
    expect(await payMarlin(payer)).toMatchObject({ success: true });
    expect(await balance(payer.account.address)).toBe(0n);
  });

  it.each([
    ['exactly the wager (1 SOL): no fee left', MARLIN.wagerLamports],
    ['one lamport below wager + fee + rent: the rest would not be rent-exempt', 1_000_895_889n],
    ['wager + fee + 1 lamport: 1 lamport would be left', 1_000_005_011n],
  ])('%s: the lobby says unaffordable, and the chain refuses it as insufficient funds', async (_, funds) => {
    expect(canAfford(MARLIN, funds)).toBe(false);
    const payer = await walletWith(funds);
    expect(await payMarlin(payer)).toMatchObject({
      success: false,
      errorType: 'insufficient_funds',
      error: 'Insufficient funds for transaction',
    });
    expect(await balance(payer.account.address)).toBe(funds);
  });
});
