import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDir } from '../../../test/support/local-chain-server.ts';
import { createFakeClock } from '../../common/clock.ts';
import { loadConfig } from '../config.ts';
import { LOCAL_HOUSE_MINIMUM_BALANCE } from './house-wallet.ts';
import { readOrCreateKeypairFile } from './keypair-secret.ts';
import { openChain } from './open-chain.ts';

describe('openChain: the composition root gets a house wallet and, locally, a served chain', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map(removeDataDir));
  });

  it('without SOLANA_RPC_URL it opens the local chain, funds the house wallet and serves /rpc', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const opened = await openChain({ config: loadConfig({ DATA_DIR: dataDir }), clock: createFakeClock() });
    if (opened.kind !== 'local') throw new Error('expected the local chain');
    expect(opened.localChain.getBalance(opened.houseWallet.address)).toBe(LOCAL_HOUSE_MINIMUM_BALANCE * 10n);

    const app = Fastify();
    await opened.registerRoutes(app);
    const response = await app.inject({
      method: 'POST',
      url: '/rpc',
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'getBalance',
        params: [opened.houseWallet.address, { commitment: 'processed' }],
      },
    });
    expect(response.json().result.value).toBe(Number(LOCAL_HOUSE_MINIMUM_BALANCE * 10n));
    await app.close();
    await opened.close();
    await opened.close();
  });

  it('with SOLANA_RPC_URL it serves nothing and takes the house keypair from HOUSE_WALLET_KEYPAIR', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const keyFile = path.join(dataDir, 'house.json');
    const { signer } = await readOrCreateKeypairFile(keyFile);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SOLANA_RPC_URL: 'https://rpc.example.com',
      PUBLIC_RPC_URL: 'https://public.example.com',
      HOUSE_WALLET_KEYPAIR: await readFile(keyFile, 'utf8'),
    });
    const opened = await openChain({ config, clock: createFakeClock() });
    expect(opened).toMatchObject({ kind: 'remote', rpcUrl: 'https://rpc.example.com' });
    expect(opened.houseWallet.address).toBe(signer.address);
    await opened.close();
  });
});
