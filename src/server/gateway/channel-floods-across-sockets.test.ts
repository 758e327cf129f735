import { randomUUID } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectPlayer, signIn, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { sleep, until } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { CLOSE_CODES, ERROR_MESSAGES } from '../../common/protocol.ts';
import { HANDSHAKE_REFUSALS, registerGameChannel } from './game-channel.ts';
import { CHANNEL_LIMITS, type ChannelLimits } from './limits.ts';

/**
 * Limits per socket are no limit when a client can open more sockets. Over real sockets on
 * the whole product (real sign-in sessions), every test client connects from 127.0.0.1, so each server below
 * sees one address and small per-address caps. Time is a fake clock: buckets refill only when a test moves it.
 */

/** A raw handshake: what the server answered (status, Retry-After, `{ error }` body); an opened socket is closed. */
async function handshake(
  baseUrl: string,
  cookie?: string,
): Promise<{ status: number; retryAfter?: string; error?: string }> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
    headers: { origin: new URL(baseUrl).origin, ...(cookie ? { cookie } : {}) },
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.terminate();
      resolve({ status: 101 });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        const retryAfter = response.headers['retry-after'];
        resolve({
          status: response.statusCode ?? 0,
          ...(retryAfter === undefined ? {} : { retryAfter: String(retryAfter) }),
          error: (JSON.parse(body) as { error: string }).error,
        });
      });
    });
    socket.once('error', reject);
  });
}

/** The status first (what a client acts on), then the whole answer: the `{ error }` text and any Retry-After. */
function expectRefusal(
  answer: Awaited<ReturnType<typeof handshake>>,
  status: number,
  kind: keyof typeof HANDSHAKE_REFUSALS,
  retryAfter?: string,
) {
  expect(answer.status).toBe(status);
  expect(answer).toEqual({
    status,
    error: HANDSHAKE_REFUSALS[kind],
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });
}

// Each test starts its own product server (its own caps): more than the default 30 s on a loaded machine.
describe('the game channel is bounded per client address, across its sockets', {
  timeout: 90_000,
}, () => {
  const clock = createFakeClock();
  let server: TestServer | undefined;
  let players: TestPlayer[] = [];
  let identity: { cookie: string; wallet: TestPlayer['wallet'] };

  async function start(limits: Partial<ChannelLimits>) {
    server = await startTestServer({ clock, channelLimits: limits });
    identity = await signIn(server.url);
    return server;
  }
  const connect = async (url: string) => {
    const player = await connectPlayer(url, { signedIn: identity });
    players.push(player);
    return player;
  };
  /** Server-side sockets open now (the client's close is complete once the server's socket is gone). */
  const openOnServer = () => server!.app.websocketServer.clients.size;

  afterEach(async () => {
    for (const p of players) p.socket.terminate();
    players = [];
    await server?.stop();
    server = undefined;
  });

  it('a handshake without a signed-in session is refused with 401 before any socket opens, and counted', async () => {
    const { url } = await start({});
    expectRefusal(await handshake(url), 401, 'sessionRequired');
    expectRefusal(await handshake(url, 'pong_session=forged'), 401, 'sessionRequired');
    expect(openOnServer()).toBe(0);
    expect(server!.game.channel.refusals().sessionRequired).toBe(2);
    expect((await handshake(url, identity.cookie)).status).toBe(101);
  });

  it('past socketsPerIp open sockets a handshake gets 429 with Retry-After; a closed socket, a refused handshake and a socket closed for flooding hold no slot', async () => {
    const { url } = await start({ socketsPerIp: 3 });
    const [first, second] = [await connect(url), await connect(url)];
    // Refused handshakes (no session) hold no slot, however many.
    for (let i = 0; i < 5; i++) expect((await handshake(url)).status).toBe(401);
    const third = await connect(url);
    expectRefusal(
      await handshake(url, identity.cookie),
      429,
      'socketsPerIp',
      String(CHANNEL_LIMITS.socketsPerIpRetryAfterMs / 1000),
    );
    expect(openOnServer()).toBe(3);
    expect(server!.game.channel.refusals().socketsPerIp).toBe(1);

    // A socket the client closes frees its slot.
    first.close();
    await first.closed;
    await until(() => openOnServer() === 2);
    const fourth = await connect(url);
    expect((await handshake(url, identity.cookie)).status).toBe(429);

    // So does one the server closes for a sustained flood.
    for (let i = 0; i < 500; i++) second.send({ type: 'ping', timestamp: i });
    expect((await second.closed).code).toBe(CLOSE_CODES.policyViolation);
    expect(server!.game.channel.refusals().floodClosed).toBe(1);
    await until(() => openOnServer() === 2);
    await connect(url);
    expect(openOnServer()).toBe(3);
    for (const p of [third, fourth]) expect(p.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('past handshakesPerIpPerMinute a handshake gets 429 with Retry-After until a token is back, refused ones included', async () => {
    const { url } = await start({ handshakesPerIpPerMinute: 4 });
    // Every attempt costs a token, the refused ones too: a flood of bad handshakes is itself limited.
    expect((await handshake(url)).status).toBe(401);
    expect((await handshake(url)).status).toBe(401);
    expect((await handshake(url, identity.cookie)).status).toBe(101);
    expect((await handshake(url, identity.cookie)).status).toBe(101);
    // 4 a minute: the next token comes 15 s after the first one was spent.
    expectRefusal(await handshake(url, identity.cookie), 429, 'handshakesPerIp', '15');
    // Checked before the session: without one it is a 429 too, and costs no database look-up.
    expect((await handshake(url)).status).toBe(429);
    expect(server!.game.channel.refusals()).toMatchObject({ handshakesPerIp: 2, sessionRequired: 2 });
    clock.advance(14_999);
    expectRefusal(await handshake(url, identity.cookie), 429, 'handshakesPerIp', '1');
    clock.advance(1);
    expect((await handshake(url, identity.cookie)).status).toBe(101);
    expect((await handshake(url, identity.cookie)).status).toBe(429);
  });

  it("one message budget per address across its sockets: frames each socket's own limit allows are refused past it ('Rate limit exceeded'), counted, and it refills", async () => {
    const { url } = await start({
      // Whole milliseconds between tokens (25 ms, 8 ms), so a burst is exact.
      ipMessagesPerSecond: 40,
      ipMessageBurst: 40,
      ipPaddleMovesPerSecond: 125,
      ipPaddleMoveBurst: 125,
    });
    const sockets = [await connect(url), await connect(url), await connect(url)];
    const pongs = () => sockets.reduce((n, p) => n + p.all('pong').length, 0);
    // 18 each: within each socket's own 20, 54 together against the address's 40.
    for (const p of sockets) for (let i = 0; i < 18; i++) p.send({ type: 'ping', timestamp: i });
    await until(() => pongs() >= 40);
    await sleep(100);
    expect(pongs()).toBe(40);
    await until(() => server!.game.channel.refusals().ipMessageRate === 14);
    expect(server!.game.channel.refusals().socketMessageRate).toBe(0);
    const limited = sockets.flatMap((p) => p.all('error')).map((e) => e.data.message);
    expect(new Set(limited)).toEqual(new Set([ERROR_MESSAGES.rateLimited]));
    // Not closed: 14 refusals are no sustained flood.
    for (const p of sockets) expect(p.socket.readyState).toBe(WebSocket.OPEN);

    clock.advance(1_000);
    sockets[0]!.send({ type: 'ping', timestamp: 99 });
    await until(() => pongs() === 41);

    // Paddle moves have a budget of their own: 80 from each of two sockets (their own limit is 120) against 125.
    // Past the refusal window, 35 refusals are no sustained flood (60): nothing is closed.
    clock.advance(CHANNEL_LIMITS.refusalWindowMs);
    const notInGame = () =>
      sockets.flatMap((p) => p.all('error')).filter((e) => e.data.message === ERROR_MESSAGES.notInGame)
        .length;
    const gameId = randomUUID();
    for (const p of sockets.slice(0, 2))
      for (let i = 0; i < 80; i++) p.send({ type: 'paddleMove', gameId, position: i });
    await until(() => server!.game.channel.refusals().ipMessageRate === 14 + 35);
    await until(() => notInGame() === 125);
    expect(server!.game.channel.refusals()).toMatchObject({ socketMessageRate: 0, floodClosed: 0 });
  });

  it('the product runs with per-address caps by default', () => {
    expect(CHANNEL_LIMITS).toMatchObject({
      socketsPerIp: 16,
      handshakesPerIpPerMinute: 30,
      ipMessagesPerSecond: 50,
      ipPaddleMovesPerSecond: 500,
    });
  });
});

describe('a client that goes away during the session look-up', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
  });

  it('holds no slot once its connection is gone, and opens no socket', async () => {
    let lookups = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    app = Fastify();
    const channel = await registerGameChannel(app, {
      clock: createFakeClock(),
      allowedOrigins: [],
      limits: { socketsPerIp: 1 },
      playerSessions: {
        fromCookieHeader: async () => {
          lookups++;
          if (lookups === 1) await held;
          return { sessionId: `session-${lookups}`, walletAddress: `wallet-${lookups}` };
        },
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const tcp = connectTcp(port, '127.0.0.1');
    tcp.on('error', () => {});
    tcp.write(
      'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    await until(() => lookups === 1);
    // The slot is taken while the look-up runs: the address is full.
    await expect(
      connectPlayer(`http://127.0.0.1:${port}`, { signedIn: false, origin: null }),
    ).rejects.toThrow('handshake refused: 429');
    tcp.destroy();
    await sleep(50);
    release();
    await sleep(50);
    expect(app.websocketServer.clients.size).toBe(0);
    expect([...channel.presence.all()]).toEqual([]);
    const player = await connectPlayer(`http://127.0.0.1:${port}`, { signedIn: false, origin: null });
    player.send({ type: 'ping', timestamp: 1 });
    expect(await player.next('pong')).toMatchObject({ timestamp: 1 });
    player.socket.terminate();
  });
});
