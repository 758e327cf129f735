import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * A cluster needs consecutive ports known before anything starts (node 2 is told node 1's /rpc, every node
 * the proxy's origin), so port 0 will not do. For tests: finds `count` consecutive ports on 127.0.0.1 that
 * are free right now, starting at a random base so parallel test files rarely collide.
 */

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const LOWEST_PORT = 20_000;

/**
 * Where the system's ephemeral ports begin (Linux: /proc/sys/net/ipv4/ip_local_port_range, 32768 by
 * default; elsewhere they begin higher still). A port above it that is free now can be taken by any outgoing
 * connection's own end (to PostgreSQL, Redis, a node's chain) before the node told to listen on it starts:
 * a soak's second node once failed so, EADDRINUSE on 52116. Ports below it are only ever taken by a listener.
 */
function ephemeralPortsStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > LOWEST_PORT + 1_000) return low;
  } catch {
    // Not Linux: the common ranges (49152 up, 32768 up) all begin above 32768.
  }
  return 32_768;
}

/** The first of `count` consecutive free ports from 20000 up to where the ephemeral ports begin. */
export async function findFreePortRange(count: number, attempts = 50): Promise<number> {
  const span = ephemeralPortsStart() - LOWEST_PORT - count;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const base = LOWEST_PORT + Math.floor(Math.random() * span);
    let free = true;
    for (let port = base; free && port < base + count; port++) free = await portIsFree(port);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found on 127.0.0.1 in ${attempts} attempts`);
}
