import { generateKeyPairSigner } from '@solana/kit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDir } from '../../../../test/support/local-chain-server.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { createLocalChain, type LocalChain } from '../local/local-chain.ts';
import { stringifyJsonWithBigints } from './json-with-bigints.ts';
import { createRpcHandler, type RpcHandler } from './rpc-handler.ts';
import { registerRpcRoute } from './rpc-route.ts';

describe('local JSON-RPC envelope: mainnet codes and shapes for bad input', () => {
  let dataDir: string;
  let chain: LocalChain;
  let handle: RpcHandler;
  const call = async (body: unknown) =>
    JSON.parse(await handle(typeof body === 'string' ? body : JSON.stringify(body)));
  const request = (method: string, params?: unknown[], id: unknown = 1) => ({
    jsonrpc: '2.0',
    id,
    method,
    params,
  });

  beforeAll(async () => {
    dataDir = await makeDataDir();
    chain = await createLocalChain({ dataDir, clock: createFakeClock() });
    handle = createRpcHandler(chain);
  });
  afterAll(async () => {
    await chain.close();
    await removeDataDir(dataDir);
  });

  it('bad JSON is -32700 Parse error with a null id', async () => {
    expect(await call('{"jsonrpc":"2.0",')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    });
  });

  it.each([
    ['a bare number', 42],
    ['a missing jsonrpc version', { id: 1, method: 'getSlot' }],
    ['a method that is not a string', { jsonrpc: '2.0', id: 1, method: 7 }],
    ['an empty batch', []],
  ])('%s is -32600 Invalid request', async (_name, body) => {
    const response = await call(body);
    expect(response.error).toEqual({ code: -32600, message: 'Invalid request' });
  });

  it('an unknown method is -32601 Method not found and keeps the id', async () => {
    expect(await call(request('getEverything', [], 'abc'))).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 'abc',
    });
  });

  it.each([
    ['an address that is not base58', 'getBalance', ['not-an-address']],
    ['a missing required param', 'getBalance', []],
    ['a commitment that does not exist', 'getSlot', [{ commitment: 'max' }]],
    ['an integer beyond 2^53 (JSON has already rounded it)', 'getMinimumBalanceForRentExemption', [2 ** 60]],
    ['a negative size', 'getMinimumBalanceForRentExemption', [-1]],
    ['params that are not an array', 'getSlot', { commitment: 'processed' }],
    ['a transaction that is not base64', 'sendTransaction', ['***', { encoding: 'base64' }]],
    ['bytes that are not a transaction', 'sendTransaction', ['AQID', { encoding: 'base64' }]],
    [
      'a signatures limit over 1000',
      'getSignaturesForAddress',
      ['11111111111111111111111111111111', { limit: 1001 }],
    ],
  ])('%s is -32602 Invalid params', async (_name, method, params) => {
    const response = await call({ jsonrpc: '2.0', id: 1, method, params });
    expect(response.error.code).toBe(-32602);
    expect(response.error.message).toMatch(/^Invalid params/);
  });

  it('getTransaction and getSignaturesForAddress refuse processed commitment as mainnet does', async () => {
    const signature = '1'.repeat(64);
    for (const body of [
      request('getTransaction', [signature, { commitment: 'processed' }]),
      request('getSignaturesForAddress', ['11111111111111111111111111111111', { commitment: 'processed' }]),
    ]) {
      expect((await call(body)).error).toEqual({
        code: -32602,
        message: 'Method does not support commitment below `confirmed`',
      });
    }
  });

  it('a minContextSlot not reached yet is -32016 with the context slot', async () => {
    const slot = chain.slot('processed');
    const response = await call(
      request('getBalance', [
        '11111111111111111111111111111111',
        { commitment: 'processed', minContextSlot: Number(slot + 10n) },
      ]),
    );
    expect(response.error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: Number(slot) },
    });
  });

  it('a batch answers each request in order and leaves notifications unanswered', async () => {
    const response = await call([
      request('getHealth', [], 1),
      { jsonrpc: '2.0', method: 'getHealth' },
      request('nope', [], 2),
      request('getGenesisHash', undefined, 3),
    ]);
    expect(response).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 1 },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 2 },
      { jsonrpc: '2.0', result: chain.genesisHash, id: 3 },
    ]);
  });

  it('u64 values beyond 2^53 are written as exact JSON number literals', async () => {
    const text = await handle(
      JSON.stringify(request('getAccountInfo', [chain.faucetAddress, { encoding: 'base64' }])),
    );
    expect(text).toContain('"rentEpoch":18446744073709551615');
    expect(stringifyJsonWithBigints({ a: 2n ** 64n - 1n, b: [1n, undefined], c: undefined, d: 'x' })).toBe(
      '{"a":18446744073709551615,"b":[1,null],"d":"x"}',
    );
  });

  it('getAccountInfo without an encoding answers the legacy bare base58 string; base64+zstd is refused', async () => {
    const payer = await generateKeyPairSigner();
    await chain.requestAirdrop(payer.address, 1_000_000_000n);
    const legacy = await call(request('getAccountInfo', [payer.address, { commitment: 'processed' }]));
    expect(legacy.result.value.data).toBe('');
    const zstd = await call(request('getAccountInfo', [payer.address, { encoding: 'base64+zstd' }]));
    expect(zstd.error.code).toBe(-32602);
  });

  it('the Fastify route serves POST /rpc, takes JSON only and bounds the body', async () => {
    const app = Fastify();
    app.post('/elsewhere', async (req) => req.body);
    await registerRpcRoute(app, chain);
    const ok = await app.inject({
      method: 'POST',
      url: '/rpc',
      payload: request('getHealth'),
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ jsonrpc: '2.0', result: 'ok', id: 1 });
    const parseError = await app.inject({
      method: 'POST',
      url: '/rpc',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(parseError.statusCode).toBe(200);
    expect(parseError.json().error.code).toBe(-32700);
    const text = await app.inject({
      method: 'POST',
      url: '/rpc',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const huge = await app.inject({
      method: 'POST',
      url: '/rpc',
      payload: JSON.stringify(request('getHealth', ['x'.repeat(1_100_000)])),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    // The raw-text parser is scoped to /rpc: the rest of the server still parses JSON as usual.
    const other = await app.inject({ method: 'POST', url: '/elsewhere', payload: { a: 1 } });
    expect(other.json()).toEqual({ a: 1 });
    await app.close();
  });
});
