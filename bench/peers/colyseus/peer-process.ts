/**
 * Starts the Colyseus peer (server.ts) in a process of its own, as bench/server-process.ts starts the
 * product, installing the peer's own packages first if they are missing: they are never part of the
 * project's `npm ci`. Imports nothing of Colyseus, so the bench loads it whether or not the peer is
 * installed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChildServer, childServer } from '../../child-server.ts';

const PEER_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(PEER_DIR, '..', '..', '..');
const PEER_PREFIX = path.relative(ROOT, PEER_DIR);

export type PeerServer = ChildServer;

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Installs the peer's packages (its package-lock.json pins them) unless they are there already. */
export async function ensurePeerInstalled(say: (text: string) => void): Promise<void> {
  if (existsSync(path.join(PEER_DIR, 'node_modules', '@colyseus', 'core', 'package.json'))) return;
  say(`The Colyseus peer is not installed: npm install --prefix ${PEER_PREFIX}`);
  await run('npm', ['install', '--prefix', PEER_PREFIX, '--no-audit', '--no-fund']);
}

/** The peer's server on a free port of 127.0.0.1, resolved once it listens. */
export async function startColyseusPeer(): Promise<PeerServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(PEER_DIR, 'server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return childServer(child, {
    name: 'the Colyseus peer',
    listening: /Peer listening at (http:\/\/\S+)/,
    timeoutMs: 60_000,
  });
}
