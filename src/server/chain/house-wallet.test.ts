import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getBase58Decoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDir } from '../../../test/support/local-chain-server.ts';
import { createFakeClock } from '../../common/clock.ts';
import {
  type HouseWalletFaucet,
  LOCAL_HOUSE_MINIMUM_BALANCE,
  loadHouseWallet,
  parseHouseWalletSecret,
} from './house-wallet.ts';
import { readOrCreateKeypairFile } from './keypair-secret.ts';
import { createLocalChain, type LocalChain } from './local/local-chain.ts';

/** A fresh keypair in solana-keygen's file format, plus its bytes and address for comparisons. */
async function fixedSecret(dir: string): Promise<{ bytes: number[]; address: string }> {
  const file = path.join(dir, 'fixed.json');
  const { signer } = await readOrCreateKeypairFile(file);
  return { bytes: JSON.parse(await readFile(file, 'utf8')) as number[], address: signer.address };
}

describe('house wallet: one keypair, kept safe, funded on the local chain', () => {
  let dataDir: string;
  let chain: LocalChain;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    chain = await createLocalChain({ dataDir, clock: createFakeClock() });
  });
  afterAll(async () => {
    await chain.close();
    await removeDataDir(dataDir);
  });

  it('is generated once at <dataDir>/house-wallet.json (mode 0600), reused, and funded by airdrop', async () => {
    const first = await loadHouseWallet({ chain: 'local', dataDir, faucet: chain });
    const file = path.join(dataDir, 'house-wallet.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const bytes = JSON.parse(await readFile(file, 'utf8')) as unknown[];
    expect(bytes).toHaveLength(64);
    expect(chain.getBalance(first.address)).toBe(LOCAL_HOUSE_MINIMUM_BALANCE * 10n);

    const second = await loadHouseWallet({ chain: 'local', dataDir, faucet: chain });
    expect(second.address).toBe(first.address);
    // Above the threshold, so no second airdrop.
    expect(chain.getBalance(first.address)).toBe(LOCAL_HOUSE_MINIMUM_BALANCE * 10n);
  });

  it('tightens a keypair file that became readable by others back to 0600', async () => {
    const file = path.join(dataDir, 'house-wallet.json');
    await loadHouseWallet({ chain: 'local', dataDir, faucet: chain });
    await chmod(file, 0o644);
    await loadHouseWallet({ chain: 'local', dataDir, faucet: chain });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('tops up only below the threshold', async () => {
    const calls: bigint[] = [];
    const faucet: HouseWalletFaucet = {
      getBalance: () => 5n,
      requestAirdrop: async (_address, lamports) => {
        calls.push(lamports);
        return 'sig';
      },
    };
    const dir = await makeDataDir();
    await loadHouseWallet({ chain: 'local', dataDir: dir, faucet, minimumBalance: 100n });
    expect(calls).toEqual([995n]);
    await removeDataDir(dir);
  });

  it('accepts the secret as a JSON byte array, as base58, and as a path to a file holding either', async () => {
    const dir = await makeDataDir();
    const { bytes, address } = await fixedSecret(dir);
    const base58 = getBase58Decoder().decode(Uint8Array.from(bytes));
    const jsonFile = path.join(dir, 'house.json');
    const base58File = path.join(dir, 'house.txt');
    await writeFile(jsonFile, JSON.stringify(bytes));
    await writeFile(base58File, `${base58}\n`);

    for (const secret of [JSON.stringify(bytes), ` ${base58} `, jsonFile, base58File]) {
      const signer = await loadHouseWallet({ chain: 'remote', secret });
      expect(signer.address).toBe(address);
    }
    // The local chain uses an operator's fixed keypair when one is given.
    const local = await loadHouseWallet({ chain: 'local', dataDir: dir, faucet: chain, secret: base58 });
    expect(local.address).toBe(address);
    await removeDataDir(dir);
  });

  it('refuses bad secrets with a message that says what was expected and never echoes the value', async () => {
    const dir = await makeDataDir();
    const { bytes } = await fixedSecret(dir);
    const mismatched = [...bytes.slice(0, 32), ...bytes.slice(32).map((b) => b ^ 1)];
    const shortBase58 = getBase58Decoder().decode(Uint8Array.from(bytes.slice(0, 40)));
    const cases: [string, RegExp][] = [
      [JSON.stringify(bytes.slice(0, 63)), /63 bytes; expected 64/],
      [JSON.stringify([...bytes.slice(0, 63), 256]), /numbers from 0 to 255/],
      ['[1, 2,', /not valid JSON/],
      [JSON.stringify(mismatched), /public half does not match/],
      [shortBase58, /40 bytes; expected 64/],
      [path.join(dir, 'missing.json'), /JSON array of 64 numbers/],
      ['0OIl-not-a-secret', /JSON array of 64 numbers/],
    ];
    for (const [secret, expected] of cases) {
      const error = await parseHouseWalletSecret(secret).catch((e: unknown) => e as Error);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/^HOUSE_WALLET_KEYPAIR is not usable:/);
      expect((error as Error).message).toMatch(expected);
      expect((error as Error).message).not.toContain(secret.trim());
    }
    await removeDataDir(dir);
  });
});
