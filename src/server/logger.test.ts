import { Writable } from 'node:stream';
import { address, isSolanaError, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, SolanaError } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { startChainFaults } from '../../test/support/chain-faults.ts';
import { createChainRpc } from './chain/chain-rpc.ts';
import { loadConfig } from './config.ts';
import { createFastify } from './http/app.ts';
import { createServerLogger, logTo } from './logger.ts';

function collected() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('the server logger: one pino instance, secrets redacted, services log through one Logger type', () => {
  it('redacts a secret whatever object carries it, and the session cookie of a request', () => {
    const { lines, stream } = collected();
    const logger = createServerLogger('info', stream);
    logger.warn(
      { config: { databaseUrl: 'postgres://user:secret@db/x' }, wallet: { secretKey: 'k' } },
      'started',
    );
    logger.warn({ req: { headers: { cookie: 'session=abc', authorization: 'Bearer t' } } }, 'request');
    expect(JSON.stringify(lines)).not.toMatch(/secret@|"k"|session=abc|Bearer t/);
    expect(lines[0]).toMatchObject({
      config: { databaseUrl: '[redacted]' },
      wallet: { secretKey: '[redacted]' },
    });
  });

  it('a service line says its scope; with an error it is logged at error level with the error under err', () => {
    const { lines, stream } = collected();
    const log = logTo(createServerLogger('warn', stream), 'money');
    log('payout job retried');
    log('payout job failed', new Error('rpc down'));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'money: payout job retried'],
      [50, 'money: payout job failed'],
    ]);
    expect(lines[1]!.err).toMatchObject({ type: 'Error', message: 'rpc down' });
  });

  it('writes nothing below the configured level', () => {
    const { lines, stream } = collected();
    createServerLogger('silent', stream).error('never shown');
    logTo(createServerLogger('error', stream), 'tracking')('a warning only');
    expect(lines).toEqual([]);
  });
});

/** A real SolanaError as Kit throws it when the RPC answers 429: from a real call through a real proxy. */
async function rpc429(): Promise<unknown> {
  const faults = await startChainFaults('http://127.0.0.1:9/rpc');
  faults.failAll(429);
  try {
    await createChainRpc(faults.url).getBalance(address('11111111111111111111111111111111')).send();
    throw new Error('the 429 proxy answered');
  } catch (error) {
    return error;
  } finally {
    await faults.stop();
  }
}

describe('the server logger never throws on what it is given (RELIABILITY 41: one 429 from the RPC must not stop the server)', () => {
  it("an RPC 429, Kit's SolanaError with its frozen context, is logged with its code, status and Retry-After", async () => {
    const error = await rpc429();
    expect(isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)).toBe(true);
    expect(Object.isFrozen((error as SolanaError).context)).toBe(true);
    const { lines, stream } = collected();
    const log = logTo(createServerLogger('warn', stream), 'tracking');
    expect(() => log('house balance check: the balance could not be read', error)).not.toThrow();
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'tracking: house balance check: the balance could not be read',
      err: {
        type: 'SolanaError',
        code: SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
        message: expect.stringContaining('429'),
        stack: expect.stringContaining('SolanaError'),
        context: { statusCode: 429, message: 'Too Many Requests', headers: { 'retry-after': '1' } },
      },
    });
  });

  it('a frozen error with a frozen cause, bigints in its context, a cycle and a getter that throws: all written', () => {
    const cause = Object.freeze(
      new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, {
        headers: new Headers(),
        message: 'Service Unavailable',
        statusCode: 503,
      }),
    );
    const context: Record<string, unknown> = { lamports: 5_000_000n, nested: { slot: 12n } };
    context.self = context;
    const error = new Error('payout send failed', { cause });
    Object.defineProperty(error, 'context', { value: Object.freeze(context), enumerable: true });
    Object.defineProperty(error, 'broken', {
      enumerable: true,
      get() {
        throw new Error('getter threw');
      },
    });
    Object.freeze(error);
    const { lines, stream } = collected();
    const log = logTo(createServerLogger('warn', stream), 'money');
    expect(() => log('payout job failed', error)).not.toThrow();
    expect(lines[0]!.err).toMatchObject({
      type: 'Error',
      message: 'payout send failed',
      context: { lamports: '5000000', nested: { slot: '12' }, self: '[circular]' },
      broken: '[unreadable]',
      cause: {
        type: 'SolanaError',
        code: SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
        context: { statusCode: 503 },
      },
    });
  });

  it.each([
    ['a string', 'rpc down', { type: 'string', message: 'rpc down' }],
    ['a number', 429, { type: 'number', message: '429' }],
    ['null', null, { type: 'object', message: 'null' }],
    ['a plain object', { reason: 'timeout', slot: 7n }, { type: 'Object', reason: 'timeout', slot: '7' }],
    [
      'a frozen object with a message',
      Object.freeze({ message: 'frozen' }),
      { type: 'Object', message: 'frozen' },
    ],
  ])('a thrown %s that is no Error is written as what it is', (_kind, thrown, expected) => {
    const { lines, stream } = collected();
    expect(() => logTo(createServerLogger('warn', stream))('failed', thrown)).not.toThrow();
    expect(lines[0]!.err).toMatchObject(expected);
  });

  it('a long cause chain is cut after five causes', () => {
    let error: Error = new Error('root');
    for (let i = 1; i <= 10; i++) error = Object.freeze(new Error(`wrap ${i}`, { cause: error }));
    const { lines, stream } = collected();
    logTo(createServerLogger('warn', stream))('failed', error);
    let depth = 0;
    let at = lines[0]!.err as { cause?: unknown };
    while (typeof at.cause === 'object') {
      at = at.cause as { cause?: unknown };
      depth++;
    }
    expect(depth).toBe(5);
    expect(at.cause).toBe('[further causes left out]');
  });

  it('a secret inside an error is redacted at any depth, and bytes are only counted', () => {
    const error = Object.assign(new Error('start failed'), {
      details: { config: { houseWalletKeypair: '[1,2,3]', databaseUrl: 'postgres://u:pw@db/x' } },
      signer: { secretKey: new Uint8Array(64).fill(7) },
      raw: new Uint8Array(64).fill(9),
    });
    const { lines, stream } = collected();
    logTo(createServerLogger('warn', stream))('failed', error);
    expect(JSON.stringify(lines)).not.toMatch(/\[1,2,3\]|pw@db|7,7,7|9,9,9/);
    expect(lines[0]!.err).toMatchObject({
      details: { config: { houseWalletKeypair: '[redacted]', databaseUrl: '[redacted]' } },
      signer: { secretKey: '[redacted]' },
      raw: '[Uint8Array of 64 bytes]',
    });
  });

  it("Fastify's own log of a request that failed with an RPC error is written, and the request answered 500", async () => {
    const error = await rpc429();
    const { lines, stream } = collected();
    const app = createFastify(loadConfig({}), createServerLogger('warn', stream));
    app.get('/fails', async () => {
      throw error;
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/fails' });
      expect(answer.statusCode).toBe(500);
    } finally {
      await app.close();
    }
    expect(lines.find((line) => line.msg === 'request failed')).toMatchObject({
      err: { type: 'SolanaError', context: { statusCode: 429 } },
    });
  });
});
