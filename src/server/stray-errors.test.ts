import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.ts';

/**
 * A real process, as the entry point sets it up: its timers throw Kit's frozen SolanaError (what a 429
 * gives) and reject with it unheard; Node would end the process at the first.
 */
const SCRIPT = `
Promise.all([
  import('./src/server/stray-errors.ts'),
  import('./src/server/logger.ts'),
  import('@solana/kit'),
]).then(([{ keepServingThroughStrayErrors }, { createServerLogger }, kit]) => {
  keepServingThroughStrayErrors(createServerLogger('warn'));
  const rpc429 = () => Object.freeze(new kit.SolanaError(kit.SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, {
    headers: new Headers({ 'retry-after': '1' }), message: 'Too Many Requests', statusCode: 429,
  }));
  // Once the rejection has been heard: the process is still there to say so.
  process.on('unhandledRejection', () => setImmediate(() => {
    console.log('still serving');
    process.exit(0);
  }));
  setTimeout(() => {
    setTimeout(() => void Promise.reject(rpc429()), 0);
    throw rpc429();
  }, 0);
});
`;

describe('a stray error does not end the node (RELIABILITY 41: one 429 from the RPC must not stop the server)', () => {
  it('an uncaught exception and an unhandled rejection in a timer are logged with the error, and the process runs on', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', SCRIPT], {
      cwd: packageRoot(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain('still serving');
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string; err: unknown });
    const rpc429 = expect.objectContaining({
      type: 'SolanaError',
      code: 8100002,
      context: expect.objectContaining({ statusCode: 429 }),
    });
    // Both are logged; their order is Node's (a timer's throw and the next timer's rejection), not the rule's.
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 50,
          msg: 'uncaught exception: logged, the node keeps serving',
          origin: 'uncaughtException',
          err: rpc429,
        }),
        expect.objectContaining({
          level: 50,
          msg: 'unhandled promise rejection: logged, the node keeps serving',
          err: rpc429,
        }),
      ]),
    );
  });
});
