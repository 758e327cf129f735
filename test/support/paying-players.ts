import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type Address,
  address,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
  type Signature,
} from '@solana/kit';
import type { FakeClock } from '../../src/common/clock.ts';
import { checkMoney, type MoneyCheck } from '../../src/server/ledger/test-support/money-check.ts';
import { signedTransfer } from './local-chain-server.ts';
import { connectPlayer, signIn, type TestPlayer } from './player-client.ts';
import type { TestServer } from './test-server.ts';

/**
 * Test support: real entry fees over the whole product on its local chain (as in paid-match.test.ts).
 * Players are funded by the faucet and pay the house through the chain's JSON-RPC; the fake clock the
 * server runs on moves the chain one slot per poll, so nothing sleeps.
 */
export interface PayingPlayers {
  /** A funded wallet (1 SOL from the faucet), signed in and connected to the game channel. */
  fundedPlayer(): Promise<{ player: TestPlayer; wallet: KeyPairSigner }>;
  /** A confirmed transfer of `lamports` to the house: the signature a paid `findMatch` carries. */
  payEntry(wallet: KeyPairSigner, lamports: bigint): Promise<Signature>;
  balance(wallet: Address): Promise<bigint>;
  /** Runs the payout worker `rounds` times, 2.5 s of fake time apart (the server runs none of its own). */
  runWorker(rounds?: number): Promise<void>;
  /** The ledger balance check and reconcile against the house wallet (the faucet is its funding). */
  checkMoney(): Promise<MoneyCheck>;
  /** The connected players, to close after the test. */
  readonly connected: readonly TestPlayer[];
}

export async function payingPlayers(server: TestServer, clock: FakeClock): Promise<PayingPlayers> {
  const answer = await fetch(`${server.url}/api/quicknode-url`);
  const { url } = (await answer.json()) as { url: string };
  const rpc = createSolanaRpc(devnet(url));
  const genesisFile = path.join(server.dataDir, 'chain', 'genesis.json');
  const { faucetAddress } = JSON.parse(await readFile(genesisFile, 'utf8')) as { faucetAddress: string };
  const connected: TestPlayer[] = [];

  const confirm = async (signature: Signature) => {
    for (let poll = 0; poll < 50; poll++) {
      const { value } = await rpc.getSignatureStatuses([signature]).send();
      const status = value[0]?.confirmationStatus;
      if (status === 'confirmed' || status === 'finalized') return;
      clock.advance(400);
    }
    throw new Error(`${signature} not confirmed`);
  };

  return {
    connected,
    async fundedPlayer() {
      const wallet = await generateKeyPairSigner();
      await confirm(await rpc.requestAirdrop(wallet.address, lamports(1_000_000_000n)).send());
      const player = await connectPlayer(server.url, { signedIn: await signIn(server.url, wallet) });
      connected.push(player);
      return { player, wallet };
    },
    async payEntry(wallet, amount) {
      const { value: lifetime } = await rpc.getLatestBlockhash().send();
      const { wire } = await signedTransfer({
        from: wallet,
        to: address(server.houseWallet),
        lamports: amount,
        lifetime,
      });
      const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
      await confirm(signature);
      return signature;
    },
    async balance(wallet) {
      return (await rpc.getBalance(wallet, { commitment: 'confirmed' }).send()).value;
    },
    async runWorker(rounds = 6) {
      for (let round = 0; round < rounds; round++) {
        await server.money.worker.runOnce();
        clock.advance(2_500);
      }
    },
    checkMoney: () =>
      checkMoney({
        db: server.db,
        rpc,
        houseWallet: address(server.houseWallet),
        fundingAddresses: [faucetAddress],
      }),
  };
}
