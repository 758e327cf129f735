/**
 * Load benchmark of the game server: N concurrent practice matches between signed-in socket clients on the
 * real server (embedded PGlite, local chain, real 60 Hz runner). Prints the figures the tick-rate decision
 * rests on: gameState messages per second each client receives, the time one tick of every match takes,
 * event-loop delay, and server CPU. Usage: `npm run bench -- --matches 50 --seconds 20`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { TICK_HZ } from '../src/common/game/constants.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/main.ts';
import { connectPlayer, type TestPlayer } from '../test/support/player-client.ts';

const { values } = parseArgs({
  options: { matches: { type: 'string', default: '25' }, seconds: { type: 'string', default: '15' } },
});
const matches = Number(values.matches);
const seconds = Number(values.seconds);

const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-bench-'));
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' });
const generous = { capacity: 100_000, refillPerMinute: 100_000 };
// Every bench player connects from 127.0.0.1: the game channel's per-address caps would see one client.
const perAddress = {
  socketsPerIp: 100_000,
  handshakesPerIpPerMinute: 100_000,
  ipPaddleMovesPerSecond: 1_000_000,
  ipPaddleMoveBurst: 1_000_000,
  ipMessagesPerSecond: 1_000_000,
  ipMessageBurst: 1_000_000,
};
const server = await startServer({
  config,
  limits: { signIn: { signIn: generous, me: generous }, channel: perAddress },
});

// Measure the cost of the tick itself by wrapping the game server's tick.
const game = server.game.game;
const original = game.tick.bind(game);
const tickTimes: number[] = [];
game.tick = () => {
  const start = performance.now();
  original();
  tickTimes.push(performance.now() - start);
};

const players: TestPlayer[] = [];
for (let i = 0; i < matches * 2; i++) players.push(await connectPlayer(server.url));
const counts = new Map<TestPlayer, number>();
for (const p of players) {
  counts.set(p, 0);
  let seen = 0;
  p.socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as {
      type: string;
      gameId?: string;
      data?: { ballPos: { y: number } };
    };
    if (message.type !== 'gameState' || !message.data) return;
    counts.set(p, (counts.get(p) ?? 0) + 1);
    if (++seen % 4 === 0)
      p.send({ type: 'paddleMove', gameId: message.gameId, position: message.data.ballPos.y });
  });
}
for (let i = 0; i < players.length; i += 2) {
  players[i]!.send({ type: 'findMatch', gameMode: 'practice' });
  await players[i]!.next('joinQueue');
  players[i + 1]!.send({ type: 'findMatch', gameMode: 'practice' });
  await players[i + 1]!.next('matched');
}

// Skip the countdown, then measure a steady window.
await new Promise((r) => setTimeout(r, 6_000));
for (const p of players) counts.set(p, 0);
tickTimes.length = 0;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
await new Promise((r) => setTimeout(r, seconds * 1000));
const wall = (performance.now() - wallStart) / 1000;
const cpu = process.cpuUsage(cpuStart);
loop.disable();

const rates = [...counts.values()].map((n) => n / wall).sort((a, b) => a - b);
const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const ticks = [...tickTimes].sort((a, b) => a - b);
const fmt = (n: number, d = 2) => n.toFixed(d);
const live = game.matches().filter((m) => m.status().name !== 'over').length;

console.warn(
  `\nGame server benchmark: ${matches} matches (${players.length} sockets), ${fmt(wall, 1)} s window`,
);
console.warn(`target tick rate                 ${TICK_HZ} Hz; matches still running at the end: ${live}`);
console.warn(
  `gameState per client per second  min ${fmt(rates[0] ?? 0, 1)}  p50 ${fmt(pct(rates, 0.5), 1)}  max ${fmt(rates.at(-1) ?? 0, 1)}`,
);
console.warn(
  `tick of all matches (ms)         p50 ${fmt(pct(ticks, 0.5))}  p99 ${fmt(pct(ticks, 0.99))}  max ${fmt(ticks.at(-1) ?? 0)}  (budget ${fmt(1000 / TICK_HZ)})`,
);
console.warn(`ticks run                        ${ticks.length} (${fmt(ticks.length / wall, 1)} per second)`);
console.warn(
  `event-loop delay (ms)            p50 ${fmt(loop.percentile(50) / 1e6)}  p99 ${fmt(loop.percentile(99) / 1e6)}  max ${fmt(loop.max / 1e6)}`,
);
console.warn(
  `server process CPU               ${fmt(((cpu.user + cpu.system) / 1e6 / wall) * 100, 0)}% of one core (clients share the process)`,
);

for (const p of players) p.close();
await server.close();
await rm(dataDir, { recursive: true, force: true });
