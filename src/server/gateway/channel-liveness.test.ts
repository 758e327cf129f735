import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { type ConnectOptions, connectPlayer, type TestPlayer } from '../../../test/support/player-client.ts';
import { sleep, until } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { CLOSE_CODES, ERROR_MESSAGES } from '../../common/protocol.ts';
import type { Connection } from './connection.ts';
import {
  type GameChannel,
  type GameHandlers,
  type PlayerSessionLookup,
  registerGameChannel,
} from './game-channel.ts';
import type { ChannelLimits } from './limits.ts';

/**
 * The channel's own liveness rules on a bare Fastify with small limits (no database, no chain): what is
 * proven here is the socket handling, so the game layer is a recording stub.
 */

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** A session lookup that answers only once the test releases it. */
function heldLookup(session: { sessionId: string; walletAddress: string } | null) {
  const gate = deferred();
  const sessions: PlayerSessionLookup = {
    fromCookieHeader: async () => {
      await gate.promise;
      return session;
    },
  };
  return { sessions, release: gate.release };
}

/** Every handshake is signed in, each as its own player: a socket without a session is refused. */
let sessionsGiven = 0;
const ownSession: PlayerSessionLookup = {
  fromCookieHeader: async () => {
    sessionsGiven++;
    return { sessionId: `session-${sessionsGiven}`, walletAddress: `wallet-${sessionsGiven}` };
  },
};

function recordingHandlers(log: string[], overrides: Partial<GameHandlers> = {}): GameHandlers {
  return {
    handle: (connection: Connection, message) => {
      log.push(`${message.type} ${connection.walletAddress ?? 'anonymous'}`);
    },
    disconnected: () => {
      log.push('disconnected');
    },
    queueLengths: () => ({}),
    ...overrides,
  };
}

describe('game channel liveness: dead and stalled sockets are dropped, live ones kept', () => {
  let app: FastifyInstance | undefined;
  const players: TestPlayer[] = [];

  async function start(
    options: {
      limits?: Partial<ChannelLimits>;
      sessions?: PlayerSessionLookup;
      handlers?: GameHandlers;
    } = {},
  ) {
    app = Fastify();
    const channel: GameChannel = await registerGameChannel(app, {
      clock: createFakeClock(),
      allowedOrigins: [],
      playerSessions: options.sessions ?? ownSession,
      limits: { heartbeatMs: 60_000, ...options.limits },
      ...(options.handlers ? { handlers: options.handlers } : {}),
    });
    const serverSockets: WebSocket[] = [];
    app.websocketServer.on('connection', (socket: WebSocket) => serverSockets.push(socket));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const connect = async (ws?: ConnectOptions['ws']) => {
      const player = await connectPlayer(url, { signedIn: false, origin: null, ...(ws ? { ws } : {}) });
      players.push(player);
      return player;
    };
    return { channel, serverSockets, connect };
  }

  afterEach(async () => {
    for (const p of players.splice(0)) p.socket.terminate();
    await app?.close();
    app = undefined;
  });

  it('a half-open socket (no pong) is dropped by the heartbeat; a socket that answers is kept', async () => {
    // A beat long enough for a pong to come back on a busy machine (client and server share this process);
    // at 40 ms a loaded event loop made the answering socket miss a beat too.
    const beat = 400;
    const { channel, connect } = await start({ limits: { heartbeatMs: beat } });
    const started = Date.now();
    const silent = await connect({ autoPong: false });
    const healthy = await connect();
    const { code } = await silent.closed;
    // Dropped by the heartbeat, not at once: pinged at its first beat, found unanswered at the next.
    expect(Date.now() - started).toBeGreaterThanOrEqual(beat - 5);
    expect(code).toBe(1006); // terminated: a close frame would never reach a half-open peer
    await sleep(3 * beat); // several more beats
    expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
    await until(() => channel.presence.playersOnline() === 1);
  });

  it('a client that stops reading is dropped once its send buffer passes the cap; others keep receiving; memory stays bounded', async () => {
    const cap = 64 * 1024;
    const { channel, serverSockets, connect } = await start({ limits: { sendBufferCapBytes: cap } });
    const stalled = await connect();
    const reader = await connect();
    const stalledOnServer = serverSockets[0]!;
    stalled.stopReading();

    const blob = 'x'.repeat(32 * 1024);
    const frameBytes =
      JSON.stringify({ type: 'transaction_notification', transaction: { type: 'refund', game_mode: blob } })
        .length + 10;
    let sent = 0;
    let maxBuffered = 0;
    while (stalledOnServer.readyState === stalledOnServer.OPEN && sent < 2_000) {
      channel.broadcast({
        type: 'transaction_notification',
        transaction: { type: 'refund', game_mode: blob },
      });
      sent++;
      maxBuffered = Math.max(maxBuffered, stalledOnServer.bufferedAmount);
      await sleep(1); // let the kernel and the reader drain what they can
    }
    expect(stalledOnServer.readyState).not.toBe(stalledOnServer.OPEN);
    // The backlog never grew past the cap by more than the one message that crossed it.
    expect(maxBuffered).toBeGreaterThan(cap);
    expect(maxBuffered).toBeLessThanOrEqual(cap + frameBytes);
    await until(() => reader.all('transaction_notification').length === sent, { timeoutMs: 10_000 });
    expect(reader.socket.readyState).toBe(reader.socket.OPEN);
    expect(channel.presence.playersOnline()).toBe(1);
    stalled.resumeReading();
    expect((await stalled.closed).code).toBe(1006);
  });

  it('the upgrade waits for the session lookup; then messages are handled in order with the proven wallet', async () => {
    const lookup = heldLookup({ sessionId: 'session-1', walletAddress: WALLET });
    const log: string[] = [];
    const { serverSockets, connect } = await start({
      sessions: lookup.sessions,
      handlers: recordingHandlers(log),
    });
    const connecting = connect();
    await sleep(50);
    expect(serverSockets).toEqual([]);
    lookup.release();
    const player = await connecting;
    player.send({ type: 'connect', walletAddress: WALLET, displayName: 'Ada' });
    player.send({ type: 'findMatch', gameMode: 'practice', walletAddress: WALLET });
    player.send({ type: 'ping', timestamp: 7 });
    expect(await player.next('connect')).toMatchObject({ type: 'connect', playersOnline: 1 });
    expect(await player.next('pong')).toMatchObject({ timestamp: 7 });
    await until(() => log.length === 1);
    expect(log).toEqual([`findMatch ${WALLET}`]);
    expect(player.all('error')).toEqual([]);
  });

  it('a handshake whose lookup finds no session is refused with 401 once it answers; no socket opens, nothing reaches the game', async () => {
    const lookup = heldLookup(null);
    const log: string[] = [];
    const { channel, serverSockets, connect } = await start({
      sessions: lookup.sessions,
      handlers: recordingHandlers(log),
    });
    const refused = expect(connect()).rejects.toThrow('handshake refused: 401');
    await sleep(30);
    lookup.release();
    await refused;
    expect(serverSockets).toEqual([]);
    expect([...channel.presence.all()]).toEqual([]);
    expect(log).toEqual([]);
  });

  it("one socket's messages are handled one at a time in order, ping is answered at once, the close comes last", async () => {
    const slow = deferred();
    const log: string[] = [];
    const { connect } = await start({
      handlers: recordingHandlers(log, {
        handle: async (_connection, message) => {
          log.push(`start ${message.type}`);
          if (message.type === 'findMatch') await slow.promise;
          log.push(`end ${message.type}`);
        },
      }),
    });
    const player = await connect();
    player.send({ type: 'findMatch', gameMode: 'practice' });
    player.send({ type: 'cancelSearch' });
    player.send({ type: 'ping', timestamp: 42 });
    expect(await player.next('pong')).toMatchObject({ timestamp: 42 });
    expect(log).toEqual(['start findMatch']);
    player.close();
    await player.closed;
    slow.release();
    await until(() => log.includes('disconnected'));
    expect(log).toEqual([
      'start findMatch',
      'end findMatch',
      'start cancelSearch',
      'end cancelSearch',
      'disconnected',
    ]);
  });

  it("past maxPendingMessages waiting behind a stuck handler, a message is answered 'server busy', not queued", async () => {
    const stuck = deferred();
    const log: string[] = [];
    const { connect } = await start({
      limits: { maxPendingMessages: 2 },
      handlers: recordingHandlers(log, {
        handle: async (_connection, message) => {
          log.push(message.type);
          await stuck.promise;
        },
      }),
    });
    const player = await connect();
    for (let i = 0; i < 4; i++) player.send({ type: 'cancelSearch' });
    await until(() => player.all('error').length === 2);
    expect(player.all('error').map((e) => e.data)).toEqual([
      { message: ERROR_MESSAGES.serverBusy, code: 'server_busy' },
      { message: ERROR_MESSAGES.serverBusy, code: 'server_busy' },
    ]);
    stuck.release();
    await until(() => log.length === 2);
    await sleep(20);
    expect(log).toEqual(['cancelSearch', 'cancelSearch']);
  });

  it('shutting the server down closes every socket with 4000, and does not wait long for one that never answers', async () => {
    const { connect } = await start({ limits: { shutdownGraceMs: 200 } });
    const player = await connect();
    const stuck = await connect();
    stuck.stopReading();
    const started = Date.now();
    const closing = app!.close();
    expect(await player.closed).toEqual({ code: CLOSE_CODES.serverShutdown, reason: 'Server shutting down' });
    await closing;
    expect(Date.now() - started).toBeLessThan(1_000); // not ws's 30 s close timeout
    app = undefined;
  });
});
