/**
 * The floor under `cpuPerMatchPct` on this machine (issue 11): what the kernel alone charges a process for
 * the writes a match needs, with no WebSocket, JSON or game at all. N raw TCP connections over loopback,
 * each sent one snapshot-sized write at SNAPSHOT_HZ (spread over the 60 Hz ticks as the server spreads
 * them); with --replies each write is answered with a paddle-move-sized write (as the bots answer each
 * snapshot with a move), so the server's reads are counted too. Prints the server process's CPU per
 * connection pair (a match) and per write. Prints; asserts nothing.
 *
 *   npm run bench:floor -- --sockets 2000 --bytes 450 --seconds 10 [--replies]
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SNAPSHOT_HZ, TICK_MS, TICKS_PER_SNAPSHOT } from '../src/common/game/constants.ts';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    bytes: { type: 'string', default: '450' },
    seconds: { type: 'string', default: '10' },
    receiver: { type: 'string' },
    replies: { type: 'boolean', default: false },
  },
});
const sockets = Number(values.sockets);
const seconds = Number(values.seconds);

if (values.receiver) {
  // The other end, in its own process as the bots are: reads, and answers each snapshot if asked to.
  const reply = Buffer.alloc(90, 'm');
  for (let i = 0; i < sockets; i++) {
    const socket = net.connect(Number(values.receiver), '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('data', () => {
      if (values.replies) socket.write(reply);
    });
  }
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
      ...(values.replies ? ['--replies'] : []),
    ]);
    const payload = Buffer.alloc(Number(values.bytes), 'x');
    let beat = 0;
    setTimeout(() => {
      setInterval(() => {
        beat = (beat + 1) % TICKS_PER_SNAPSHOT;
        for (let i = beat; i < open.length; i += TICKS_PER_SNAPSHOT) open[i]!.write(payload);
      }, TICK_MS);
      const start = process.cpuUsage();
      const t0 = performance.now();
      setTimeout(() => {
        const used = process.cpuUsage(start);
        const s = (performance.now() - t0) / 1000;
        const pct = ((used.user + used.system) / 1e6 / s) * 100;
        const perWriteUs = (used.user + used.system) / (open.length * SNAPSHOT_HZ * s);
        process.stdout.write(
          `${open.length} connections, ${SNAPSHOT_HZ} writes/s of ${payload.length} B each: ${pct.toFixed(1)}% of a core ` +
            `(system ${((used.system / 1e6 / s) * 100).toFixed(1)}%), ${(pct / (open.length / 2)).toFixed(4)}% per match, ` +
            `${perWriteUs.toFixed(1)} µs per write\n`,
        );
        receiver.kill();
        process.exit(0);
      }, seconds * 1000);
    }, 2000);
  });
}
