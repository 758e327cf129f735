import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs HAProxy with the deployment's own configuration (deploy/haproxy.cfg) in front of the nodes of a test
 * cluster, so the cluster's acceptance test goes through the balancer a deployment uses. The file takes the
 * addresses from the environment (HAProxy reads "${NAME}" in its configuration), so what runs here is that
 * file as written. HAProxy comes from Debian (`apt-get install haproxy`; `.ci/run` installs it when missing).
 */

export const HAPROXY_CONFIG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
export const HAPROXY_MISSING =
  'haproxy is not installed: the cluster acceptance test runs through HAProxy (deploy/haproxy.cfg). ' +
  'Install it with `apt-get install -y haproxy` (bash .ci/run does so when it is missing).';

export interface BalancedNode {
  /** node-1, node-2: the names deploy/haproxy.cfg gives its servers. */
  id: string;
  url: string;
}

export interface RunningHaproxy {
  url: string;
  /** What HAProxy printed (its warnings and errors), for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

/** The environment deploy/haproxy.cfg reads: where to listen, and each node's host:port. */
export function haproxyEnv(bind: string, nodes: BalancedNode[]): Record<string, string> {
  const env: Record<string, string> = { PONG_PUBLIC_BIND: bind };
  nodes.forEach((node, i) => {
    if (node.id !== `node-${i + 1}`)
      throw new Error(`deploy/haproxy.cfg names its servers node-1, node-2 (got ${node.id})`);
    env[`PONG_NODE_${i + 1}`] = new URL(node.url).host;
  });
  if (nodes.length !== 2) throw new Error(`deploy/haproxy.cfg lists two nodes (got ${nodes.length})`);
  return env;
}

function haproxyInstalled(): boolean {
  const probe = spawnSync('haproxy', ['-v'], { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Starts HAProxy on `host:port` (a free port the caller picked) in front of `nodes`; resolves once it listens. */
export async function startHaproxy(options: {
  port: number;
  host?: string;
  nodes: BalancedNode[];
}): Promise<RunningHaproxy> {
  if (!haproxyInstalled()) throw new Error(HAPROXY_MISSING);
  const host = options.host ?? '127.0.0.1';
  const env = { ...process.env, ...haproxyEnv(`${host}:${options.port}`, options.nodes) };
  const check = spawnSync('haproxy', ['-c', '-q', '-f', HAPROXY_CONFIG], { env, encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`deploy/haproxy.cfg is refused: ${check.stdout}${check.stderr}`);

  let printed = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], {
    env,
    cwd: path.dirname(HAPROXY_CONFIG),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const deadline = Date.now() + 10_000;
  while (!(await accepts(host, options.port))) {
    if (!running || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not start listening on ${host}:${options.port}: ${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${options.port}`,
    output: () => printed,
    close() {
      closing ??= (async () => {
        if (running) child.kill('SIGTERM');
        await exited;
      })();
      return closing;
    },
  };
}
