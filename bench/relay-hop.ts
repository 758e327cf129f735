import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Redis } from 'ioredis';
import { connectRedis, parseRedisUrl } from '../src/server/cluster/redis-connection.ts';
import { createSampleHistogram } from './sample-histogram.ts';

/**
 * What a relay through Redis pub/sub would add to cross-node play, measured instead of
 * built: the match's node would publish every snapshot of a player held by another node on that node's
 * channel, and that node would publish the player's every move back. This sends exactly that traffic for
 * `--players` remote players (a 450-byte snapshot and a 60-byte move per player at 20 Hz each way, the
 * product's sizes and rates) through the real Redis, between two connections the way two nodes would hold
 * them, and prints the one-hop latency (publish to receipt), the messages per second through Redis and the
 * Redis server's CPU. A relayed echo pays two hops on top of the direct path. It is a lower bound: the two
 * "nodes" here are one quiet process, not two busy game nodes.
 *
 *   npm run bench:relay -- --players 75 --seconds 10
 */

const HZ = 20;
const SNAPSHOT_BYTES = 450;
const MOVE_BYTES = 60;

function redisServerCpuSeconds(redis: Redis): Promise<number> {
  return redis.info('server').then((info) => {
    const pid = /process_id:(\d+)/.exec(info)?.[1];
    if (!pid) return Number.NaN;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the command name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      players: { type: 'string', default: '75' },
      seconds: { type: 'string', default: '10' },
      'redis-url': { type: 'string', default: process.env.REDIS_URL || 'redis://127.0.0.1:6379' },
    },
  });
  const players = Number(values.players);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(players) || players < 1 || !(seconds > 0)) {
    throw new Error('usage: --players N (>= 1) --seconds S (> 0)');
  }
  const target = parseRedisUrl(values['redis-url']);
  const [ownerPub, ownerSub, holderPub, holderSub] = await Promise.all(
    [1, 2, 3, 4].map(() => connectRedis(target, { commandTimeoutMs: 10_000 })),
  );
  const prefix = `bench-relay-${randomUUID()}`;
  const toHolder = `${prefix}:holder`;
  const toOwner = `${prefix}:owner`;
  const hop = createSampleHistogram();
  let received = 0;
  const onMessage = (_channel: string, text: string) => {
    received++;
    hop.add(performance.timeOrigin + performance.now() - Number(text.slice(0, text.indexOf('|'))));
  };
  ownerSub!.on('message', onMessage);
  holderSub!.on('message', onMessage);
  await holderSub!.subscribe(toHolder);
  await ownerSub!.subscribe(toOwner);

  const pad = (bytes: number) => 'x'.repeat(bytes);
  const snapshotBody = pad(SNAPSHOT_BYTES - 20);
  const moveBody = pad(MOVE_BYTES - 20);
  const now = () => (performance.timeOrigin + performance.now()).toFixed(3);
  let sent = 0;
  // Each player's sends are spread over the 50 ms tick, as the matches' beats are.
  const timers: NodeJS.Timeout[] = [];
  for (let p = 0; p < players; p++) {
    const offset = ((p * 1000) / HZ / players) | 0;
    timers.push(
      setTimeout(() => {
        timers.push(
          setInterval(() => {
            void ownerPub!.publish(toHolder, `${now()}|${snapshotBody}`);
            void holderPub!.publish(toOwner, `${now()}|${moveBody}`);
            sent += 2;
          }, 1000 / HZ),
        );
      }, offset),
    );
  }
  const cpuBefore = await redisServerCpuSeconds(ownerPub!);
  const ownCpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  // The first second warms up; the rest is measured.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  hop.reset();
  const receivedAtStart = received;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - startedAt - 1000) / 1000;
  const cpuAfter = await redisServerCpuSeconds(ownerPub!);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  for (const t of timers) clearInterval(t);
  const figures = {
    players,
    seconds: Number(elapsed.toFixed(1)),
    messagesPerSecond: Math.round((received - receivedAtStart) / elapsed),
    bytesPerSecond: Math.round(((received - receivedAtStart) / 2 / elapsed) * (SNAPSHOT_BYTES + MOVE_BYTES)),
    hopP50Ms: hop.percentile(50),
    hopP99Ms: hop.percentile(99),
    hopMaxMs: hop.percentile(100),
    addedEchoP50Ms: Number((2 * hop.percentile(50)).toFixed(1)),
    redisCpuPct: Number((((cpuAfter - cpuBefore) / (elapsed + 1)) * 100).toFixed(1)),
    benchCpuPct: Number((((ownCpu.user + ownCpu.system) / 1e6 / (elapsed + 1)) * 100).toFixed(1)),
    sent,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  for (const client of [ownerPub, ownerSub, holderPub, holderSub]) client!.disconnect();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
