import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPairSigner, signBytes } from '@solana/kit';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type ClusterNode,
  type ClusterOptions,
  houseKeypairFile,
  startClusterNode,
  startClusterNodes,
  stopClusterNodes,
} from '../../scripts/cluster/cluster-nodes.ts';
import { findFreePortRange } from '../../scripts/cluster/free-port-range.ts';
import { type RunningProxy, startProxy } from '../../scripts/cluster/proxy.ts';
import { CLOSE_CODES } from '../../src/common/protocol-texts.ts';
import { readKeypairFile } from '../../src/server/chain/keypair-secret.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/database-bed.ts';
import { deleteRedisKeys } from './redis-prefix-cleanup.ts';

/**
 * Two real server processes started by scripts/cluster/cluster-nodes.ts on a throwaway PostgreSQL database
 * and a Redis key prefix of their own, behind the cluster proxy: one house wallet, a sign-in that crosses
 * nodes, sticky game channels, and a node killed and started again.
 */

let database: ThrowawayDatabase;
let dataDir: string;
let options: ClusterOptions;
let nodes: ClusterNode[] = [];
let proxy: RunningProxy;

beforeAll(async () => {
  database = await createThrowawayDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'pong-cluster-test-'));
  const basePort = await findFreePortRange(3);
  options = {
    nodes: 2,
    basePort,
    dataDir,
    databaseUrl: database.url,
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisKeyPrefix: `pong-cluster-test-${process.pid}-${basePort}`,
    env: { LOG_LEVEL: 'warn' },
  };
  nodes = await startClusterNodes(options);
  proxy = await startProxy({ port: basePort, host: '127.0.0.1', nodes });
});

afterAll(async () => {
  await proxy?.close();
  await stopClusterNodes(nodes);
  await database?.drop();
  if (options) await deleteRedisKeys(options.redisUrl, options.redisKeyPrefix);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Whatever the nodes wrote under the test's own key prefix. */

/** Whether the node's process has already ended (its exit was reported before this macrotask). */
function hasExited(node: ClusterNode): Promise<boolean> {
  return Promise.race([
    node.exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 0)),
  ]);
}

async function viaProxy(pathAndQuery: string, init?: RequestInit) {
  const response = await fetch(`${proxy.url}${pathAndQuery}`, init);
  return {
    servedBy: response.headers.get('x-served-by'),
    status: response.status,
    body: await response.json(),
  };
}

/** Opens the game channel through the proxy; resolves once open, with the node the 101 came from. */
function openGameChannel(query: string, cookie: string) {
  return new Promise<{ socket: WebSocket; servedBy: string | undefined }>((resolve, reject) => {
    const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}/ws${query}`, {
      headers: { origin: proxy.url, cookie },
    });
    let servedBy: string | undefined;
    socket.once('upgrade', (response) => {
      servedBy = response.headers['x-served-by'] as string | undefined;
    });
    socket.once('open', () => resolve({ socket, servedBy }));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`handshake refused: ${response.statusCode}`)),
    );
  });
}

describe('a local cluster of two real nodes behind the proxy', () => {
  it('both nodes answer GET /api/wallet-config with the same house wallet (the cluster keypair) and chain', async () => {
    const first = await viaProxy('/api/wallet-config');
    const second = await viaProxy('/api/wallet-config');
    expect([first.servedBy, second.servedBy].sort()).toEqual(['node-1', 'node-2']);
    const house = (await readKeypairFile(houseKeypairFile(dataDir), { fixMode: false })).address;
    expect(first.body.houseWallet).toBe(house);
    expect(second.body.houseWallet).toBe(house);
    // Node 2 reaches node 1's local chain as a remote one, and says it is that local chain.
    expect([first.body.cluster, second.body.cluster]).toEqual(['localnet', 'localnet']);
  });

  it('a player signs in with a challenge from one node and a verification by the other, then /ws?node=node-2 is upgraded by node 2', async () => {
    const wallet = await generateKeyPairSigner();
    const headers = { 'content-type': 'application/json', origin: proxy.url };
    const challenge = await viaProxy('/api/auth/challenge', {
      method: 'POST',
      headers,
      body: JSON.stringify({ walletAddress: wallet.address }),
    });
    const input = challenge.body.input as SolanaSignInInput & { domain: string; address: string };
    const text = new TextEncoder().encode(createSignInMessageText(input));
    const signature = await signBytes(wallet.keyPair.privateKey, text);
    const verify = await fetch(`${proxy.url}/api/auth/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        walletAddress: wallet.address,
        signedMessage: Buffer.from(text).toString('base64'),
        signature: Buffer.from(signature).toString('base64'),
      }),
    });
    expect(verify.status, await verify.clone().text()).toBe(200);
    expect(verify.headers.get('x-served-by')).not.toBe(challenge.servedBy);
    const cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0]!;

    const onNode2 = await openGameChannel('?node=node-2', cookie);
    const onNode1 = await openGameChannel('?node=node-1', cookie);
    expect(onNode2.servedBy).toBe('node-2');
    expect(onNode1.servedBy).toBe('node-1');

    // Only node 2 stopping closes the socket it holds; node 1's stays open.
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      onNode2.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    nodes[1]!.kill('SIGTERM');
    expect(await closed).toEqual({ code: CLOSE_CODES.serverShutdown, reason: 'Server shutting down' });
    expect(await nodes[1]!.exited).toEqual({ code: 0, signal: null });
    expect(onNode1.socket.readyState).toBe(WebSocket.OPEN);
    onNode1.socket.close();
  }, 60_000);

  it('a node killed with SIGKILL is skipped by the proxy, and starts again on its port and data', async () => {
    if (await hasExited(nodes[1]!)) nodes[1] = await startClusterNode(options, 2);
    const before = nodes[1]!;
    before.kill('SIGKILL');
    expect(await before.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const whileDown = [await viaProxy('/api/wallet-config'), await viaProxy('/api/wallet-config')];
    expect(whileDown.map((a) => a.servedBy)).toEqual(['node-1', 'node-1']);

    nodes[1] = await startClusterNode(options, 2);
    expect(nodes[1].url).toBe(before.url);
    expect(nodes[1].pid).not.toBe(before.pid);
    const afterRestart = [await viaProxy('/api/wallet-config'), await viaProxy('/api/wallet-config')];
    expect(afterRestart.map((a) => a.servedBy).sort()).toEqual(['node-1', 'node-2']);
  }, 120_000);
});
