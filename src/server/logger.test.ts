import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
