/**
 * The floor under `cpuPerMatchPct` on this machine: what the kernel alone charges a process for
 * the writes a match needs, with no WebSocket, JSON or game at all. N raw TCP connections over loopback,
 * each sent `--hz` writes a second of `--bytes` each (spread over the 60 Hz ticks as the server spreads
 * them); with --replies the other end writes paddle-move-sized writes (the bots' moves), so the server's
 * reads are counted too. Prints the server process's CPU per connection pair (a match) and per write.
 * Prints; asserts nothing.
 *
 * The defaults are the product's wire as `npm run bench` measured it (RESULTS.md); the old wire stays as
 * OLD_WIRE (`--wire old`), so the two floors can be compared on one machine: its figure in RESULTS.md was
 * measured with it, and a wire that writes far less often would otherwise have no floor of its own.
 *
 *   npm run bench:floor -- --sockets 2000 --seconds 10 [--replies] [--wire old] [--hz 3 --bytes 180]
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TICK_HZ, TICK_MS } from '../src/common/game/constants.ts';

/** A wire's writes per player: frames a second, their mean size, and the moves a second that answer them. */
interface FloorWire {
  hz: number;
  bytes: number;
  replyHz: number;
}
/** The old wire: a JSON snapshot of about 450 bytes per player at 20 Hz, each answered with a move. */
export const OLD_WIRE: FloorWire = { hz: 20, bytes: 450, replyHz: 20 };
/**
 * The product's wire as `npm run bench -- --matches 150` measured it (RESULTS.md): 2.6 frames a second a
 * player, 468 B/s with their headers (180 B a frame: keyframes, ball events, paddle reports), and about 3
 * moves a second up (319 B/s of ~115-byte paddleMove frames: a bot sends only when its hand moved 2 units).
 */
export const EVENT_WIRE: FloorWire = { hz: 2.6, bytes: 180, replyHz: 3 };

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    wire: { type: 'string', default: 'events' },
    hz: { type: 'string' },
    bytes: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    receiver: { type: 'string' },
    replies: { type: 'boolean', default: false },
  },
});
const sockets = Number(values.sockets);
const seconds = Number(values.seconds);
if (values.wire !== 'old' && values.wire !== 'events')
  throw new Error(`--wire must be old or events (got ${values.wire})`);
const preset = values.wire === 'old' ? OLD_WIRE : EVENT_WIRE;
const hz = Number(values.hz ?? preset.hz);
const bytes = Number(values.bytes ?? preset.bytes);

/** Calls `write(i)` for each of `n` connections `perSecond` times a second, spread evenly over the ticks. */
function spread(n: number, perSecond: number, write: (i: number) => void): void {
  let tick = 0;
  setInterval(() => {
    const before = (tick * perSecond) / TICK_HZ;
    tick++;
    const after = (tick * perSecond) / TICK_HZ;
    // Connection i's writes fall where the count, shifted by its own phase i / n, passes a whole number.
    for (let i = 0; i < n; i++) {
      const phase = i / n;
      if (Math.floor(after + phase) > Math.floor(before + phase)) write(i);
    }
  }, TICK_MS);
}

if (values.receiver) {
  // The other end, in its own process as the bots are: reads, and writes its moves if asked to.
  const reply = Buffer.alloc(90, 'm');
  const open: net.Socket[] = [];
  for (let i = 0; i < sockets; i++) {
    const socket = net.connect(Number(values.receiver), '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('data', () => {});
    open.push(socket);
  }
  if (values.replies) spread(open.length, preset.replyHz, (i) => open[i]!.write(reply));
} else {
  const open: net.Socket[] = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('data', () => {});
    open.push(socket);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    const receiver = fork(fileURLToPath(import.meta.url), [
      '--sockets',
      String(sockets),
      '--receiver',
      String(port),
      '--wire',
      values.wire,
      ...(values.replies ? ['--replies'] : []),
    ]);
    const payload = Buffer.alloc(bytes, 'x');
    setTimeout(() => {
      spread(open.length, hz, (i) => open[i]!.write(payload));
      const start = process.cpuUsage();
      const t0 = performance.now();
      setTimeout(() => {
        const used = process.cpuUsage(start);
        const s = (performance.now() - t0) / 1000;
        const pct = ((used.user + used.system) / 1e6 / s) * 100;
        const perWriteUs = (used.user + used.system) / (open.length * hz * s);
        process.stdout.write(
          `${open.length} connections, ${hz} writes/s of ${payload.length} B each: ${pct.toFixed(1)}% of a core ` +
            `(system ${((used.system / 1e6 / s) * 100).toFixed(1)}%), ${(pct / (open.length / 2)).toFixed(4)}% per match, ` +
            `${perWriteUs.toFixed(1)} µs per write\n`,
        );
        receiver.kill();
        process.exit(0);
      }, seconds * 1000);
    }, 2000);
  });
}
