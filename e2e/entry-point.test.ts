import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../src/server/package-root.ts';

const root = packageRoot();
const children: ChildProcess[] = [];
const dirs: string[] = [];

/** Runs the real entry point (`src/server/main.ts`) as `npm start` does, in its own process. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp) => {
    // Up to 2 minutes: a cold `tsx` start on a busy machine is slow; a wait for what never comes still fails.
    for (let i = 0; i < 2_400 && !pattern.test(output); i++) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const match = pattern.exec(output);
    if (!match) throw new Error(`never saw ${pattern}:\n${output}`);
    return match;
  };
  return { child, exited, waitFor, output: () => output };
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the server process', { timeout: 180_000 }, () => {
  it.each([
    ['PORT', 'abc'],
    ['LOG_LEVEL', 'chatty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
  ])('a wrong %s stops it with a message naming the variable', async (variable, value) => {
    const server = runServer({ [variable]: value });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`Configuration error: ${variable} `);
  });

  it('NODE_ENV=production without SOLANA_RPC_URL refuses to run the local chain', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-entry-'));
    dirs.push(dataDir);
    const server = runServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'Configuration error: LOCAL_CHAIN must be 1 to run the embedded local chain with NODE_ENV=production',
    );
  });

  it('with LOCAL_CHAIN=1 it runs, and its start-up log says loudly that the chain is a local test chain', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-entry-'));
    dirs.push(dataDir);
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOCAL_CHAIN: '1' };
    const server = runServer(env);
    await server.waitFor(/Chain: LOCAL TEST CHAIN/);
    expect(server.output()).toMatch(/Its SOL is not real money/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('starts on embedded defaults, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-entry-'));
    dirs.push(dataDir);
    const server = runServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const [, url] = await server.waitFor(/Server listening at (http:\/\/\S+) /);
    const config = (await (await fetch(`${url}/api/wallet-config`)).json()) as { houseWallet: string };
    expect(config.houseWallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(server.output()).not.toMatch(/secret|\[\s*\d+\s*,\s*\d+\s*,\s*\d+/i);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
  });
});
