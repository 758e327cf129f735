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

/** The first of `count` consecutive free ports between 20000 and 60000. */
export async function findFreePortRange(count: number, attempts = 50): Promise<number> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (40_000 - count));
    let free = true;
    for (let port = base; free && port < base + count; port++) free = await portIsFree(port);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found on 127.0.0.1 in ${attempts} attempts`);
}
