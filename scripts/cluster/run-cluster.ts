import { existsSync } from 'node:fs';
import path from 'node:path';
import { connectRedis, parseRedisUrl } from '../../src/server/cluster/redis-connection.ts';
import { packageRoot } from '../../src/server/package-root.ts';
import { CLUSTER_USAGE, ClusterUsageError, parseClusterArgs } from './cluster-args.ts';
import { ensureDatabase } from './cluster-database.ts';
import { type ClusterNode, startClusterNodes, stopClusterNodes } from './cluster-nodes.ts';
import { type RunningProxy, startProxy } from './proxy.ts';

/**
 * `npm run cluster -- --nodes N`: a local cluster of N game nodes on one PostgreSQL
 * database and one Redis, behind the load-balancing proxy, so several nodes can be watched, killed and
 * played through from one browser origin. Ctrl-C or SIGTERM stops the proxy, then every node (SIGTERM, and
 * waits); a node that exits on its own is reported and the others keep running.
 */

const print = (line: string) => process.stdout.write(`${line}\n`);
const say = (line: string) => print(`[cluster] ${line}`);

function howItEnded({ code, signal }: { code: number | null; signal: NodeJS.Signals | null }): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseClusterArgs>;
  try {
    args = parseClusterArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ClusterUsageError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (args === 'help') {
    print(CLUSTER_USAGE);
    return;
  }
  if (!existsSync(path.join(packageRoot(), 'dist/client/index.html'))) {
    console.error('The built client (dist/client) is missing: run npm run build first.');
    process.exit(1);
  }

  say(`database ${new URL(args.databaseUrl).pathname.slice(1)}: ${await ensureDatabase(args.databaseUrl)}`);
  const redisTarget = parseRedisUrl(args.redisUrl);
  await (await connectRedis(redisTarget)).quit();
  say(`Redis at ${redisTarget.address} answers; keys under ${args.redisKeyPrefix}`);

  let stopping = false;
  // The nodes read SHUTDOWN_DRAIN_SECONDS from this environment (default 300, as config.ts says).
  const drainSeconds = Number(process.env.SHUTDOWN_DRAIN_SECONDS || 300);
  let nodes: ClusterNode[] = [];
  let proxy: RunningProxy | undefined;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: killing every node now`);
      for (const node of nodes) node.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    say(
      `${signal} received: every node lets its matches under way play to their end (at most ${drainSeconds} s), ` +
        'then stops; then the proxy. Press Ctrl-C again to kill every node now',
    );
    // Nodes still starting are stopped by the code waiting for them, once they have started.
    if (nodes.length === 0) return;
    // The proxy stays up while the nodes drain: their players are connected through it.
    await stopClusterNodes(nodes, (drainSeconds + 20) * 1000);
    await proxy?.close();
    for (const node of nodes) say(`${node.id} stopped (${howItEnded(await node.exited)})`);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

  nodes = await startClusterNodes({
    nodes: args.nodes,
    basePort: args.port,
    dataDir: args.dataDir,
    databaseUrl: args.databaseUrl,
    redisUrl: args.redisUrl,
    redisKeyPrefix: args.redisKeyPrefix,
    detached: true,
    onLine: (id, line) => print(`[${id}] ${line}`),
  });
  if (stopping) {
    await stopClusterNodes(nodes);
    process.exit(0);
  }
  let running = nodes.length;
  for (const node of nodes) {
    void node.exited.then((ended) => {
      running -= 1;
      if (stopping) return;
      say(
        `${node.id} exited (${howItEnded(ended)}); ${running} node${running === 1 ? '' : 's'} still running`,
      );
      if (running === 0) say('no node is left: the proxy answers 502 until you stop it (Ctrl-C)');
    });
  }

  try {
    proxy = await startProxy({ port: args.port, host: '127.0.0.1', nodes });
  } catch (error) {
    await stopClusterNodes(nodes);
    throw error;
  }
  for (const [i, node] of nodes.entries()) {
    const chain = i === 0 ? 'runs the local chain (/rpc)' : `uses ${nodes[0]!.id}'s chain`;
    say(`${node.id} at ${node.url} (pid ${node.pid}) ${chain}`);
  }
  print(`Cluster: ${nodes.length} node${nodes.length === 1 ? '' : 's'} behind ${proxy.url}`);
}

main().catch((error: unknown) => {
  console.error(`Cluster failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
