import net from 'node:net';

/**
 * A TCP proxy that holds every chunk `oneWayMs` in each direction, in order: a round trip through it is
 * `2 × oneWayMs` longer, for the page's HTTP and, what matters, its WebSocket frames both ways (Chromium's
 * network emulation throttles HTTP but does not delay WebSocket frames). The target's port is asked for at
 * each connection, so the proxy can listen before the server it fronts has started.
 */
export interface DelayProxy {
  port: number;
  close(): Promise<void>;
}

export async function startDelayProxy(targetPort: () => number, oneWayMs: number): Promise<DelayProxy> {
  const sockets = new Set<net.Socket>();
  const delayed = (from: net.Socket, to: net.Socket) => {
    // Each chunk leaves oneWayMs after it came, never before the one before it.
    let last = 0;
    from.on('data', (chunk) => {
      const due = Math.max(Date.now() + oneWayMs, last);
      last = due;
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk);
      }, due - Date.now());
    });
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, last - Date.now()) + oneWayMs));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), Math.max(0, last - Date.now()) + oneWayMs));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort(), '127.0.0.1');
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    delayed(client, upstream);
    delayed(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
