import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { type BotRecorders, createBotRecorders, startBot } from '../../bench/bot.ts';
import { createNodeFollower, type MoveRecorders } from '../../bench/bot-node.ts';
import { createEchoBoard } from '../../bench/echo-board.ts';
import { figuresOf, type Measured, moveFiguresOf } from '../../bench/figures.ts';
import { whyMetricsUnreadable } from '../../bench/prometheus.ts';
import { createSampleHistogram } from '../../bench/sample-histogram.ts';
import { noWireCounts } from '../../bench/wire-figures.ts';
import type { ServerMessage } from '../../src/common/protocol.ts';

const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
const OTHER_GAME = '1c6f8b63-4d2f-4d66-8e1f-2a3b4c5d6e7f';
const connect = (node?: string): ServerMessage => ({
  type: 'connect',
  id: 'c',
  sessionId: 'session-1',
  playersOnline: 2,
  ...(node ? { node } : {}),
});
const matched = (gameId: string, node?: string): ServerMessage => ({
  type: 'matched',
  gameId,
  playerIndex: 0,
  ...(node ? { node } : {}),
  data: { opponentName: 'Player-Abcd', gameMode: 'practice', seedHash: 'h', countdownTime: 5 },
});
const rejoined = (gameId: string) =>
  ({ type: 'reconnectionSuccess', gameId, playerIndex: 0, gameState: {} }) as unknown as ServerMessage;
const recorders = (): MoveRecorders => ({ movedPlayers: 0, moves: createSampleHistogram() });

describe('bench: a bot follows its match to its game node', () => {
  it('one process names no node: no move, nothing counted', () => {
    const rec = recorders();
    const follower = createNodeFollower(rec);
    expect(follower.heard(connect(), 0)).toBeNull();
    expect(follower.heard(matched(GAME), 10)).toBeNull();
    expect(follower.heard(rejoined(GAME), 20)).toBeNull();
    expect([rec.movedPlayers, rec.moves.count()]).toEqual([0, 0]);
  });

  it('a match on the node the socket is on: no move', () => {
    const rec = recorders();
    const follower = createNodeFollower(rec);
    follower.heard(connect('node-1'), 0);
    expect(follower.heard(matched(GAME, 'node-1'), 10)).toBeNull();
  });

  it('a match on another node: move there; timed from matched to reconnectionSuccess; a bot counts once', () => {
    const rec = recorders();
    const follower = createNodeFollower(rec);
    follower.heard(connect('node-1'), 0);
    expect(follower.heard(matched(GAME, 'node-2'), 100)).toEqual({ node: 'node-2', gameId: GAME });
    // Another game's success is not this move's.
    follower.heard(rejoined(OTHER_GAME), 110);
    expect(rec.moves.count()).toBe(0);
    follower.heard(rejoined(GAME), 130);
    expect([rec.movedPlayers, rec.moves.percentile(50)]).toEqual([1, 30]);
    // The socket is now on node-2: the next match there stays; one on node-1 moves back.
    expect(follower.heard(matched(OTHER_GAME, 'node-2'), 500)).toBeNull();
    expect(follower.heard(matched(GAME, 'node-1'), 900)).toEqual({ node: 'node-1', gameId: GAME });
    follower.heard(rejoined(GAME), 945);
    expect([rec.movedPlayers, rec.moves.count(), rec.moves.percentile(100)]).toEqual([1, 2, 45]);
  });

  it('the move figures appear only when some bot moved', () => {
    const moves = createSampleHistogram();
    expect(moveFiguresOf(0, moves)).toBeNull();
    for (const ms of [12, 20, 35]) moves.add(ms);
    expect(moveFiguresOf(3, moves)).toEqual({ movedPlayers: 3, moveP50Ms: 20, moveP99Ms: 35 });
  });
});

describe('bench: --target without one server’s /metrics', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  async function serve(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('reads a lone server’s /metrics; not a proxy’s (x-served-by) nor one that refuses', async () => {
    let answer: { status: number; headers: Record<string, string> } = { status: 200, headers: {} };
    const url = await serve((_req, res) => res.writeHead(answer.status, answer.headers).end('up 1\n'));
    expect(await whyMetricsUnreadable(url)).toBeNull();
    answer = { status: 200, headers: { 'x-served-by': 'node-2' } };
    expect(await whyMetricsUnreadable(url)).toMatch(/proxy.*node-2/);
    answer = { status: 401, headers: {} };
    expect(await whyMetricsUnreadable(url)).toMatch(/401/);
  });

  it('the server figures are null and the bots’ own are still computed', () => {
    const echo = createSampleHistogram();
    echo.add(40);
    const measured: Measured = {
      server: null,
      echo,
      gaps: createSampleHistogram(),
      players: 2,
      botSeconds: 10,
      down: 20_000,
      up: 2_000,
      snapshots: 400,
      gamesOver: 0,
      ...noWireCounts(),
    };
    expect(figuresOf(measured)).toMatchObject({
      tickP99Ms: null,
      missedTicks: null,
      cpuPerMatchPct: null,
      rssPerMatchKB: null,
      matches: null,
      echoP99Ms: 40,
      bytesPerPlayerPerSec: 1_000,
    });
  });
});

describe('bench: the bot moves over real sockets', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  it('reconnects to /ws?node=<match node> with its cookie, says reconnect first, and counts the move', async () => {
    // Two "nodes" behind one port: the socket's `node` query names the node (as the proxy routes it).
    const sockets: Array<{ url: string; cookie: string | undefined; sent: Array<{ type: string }> }> = [];
    const channel = new WebSocketServer({ noServer: true });
    server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/auth/challenge')
        return res.end(JSON.stringify({ input: { domain: 'bench.test', address: 'x', nonce: 'n' } }));
      res.setHeader('set-cookie', 'session=s1; Path=/');
      res.end('{}');
    });
    server.on('upgrade', (req, tcp, head) =>
      channel.handleUpgrade(req, tcp, head, (ws) => {
        const node = new URL(req.url ?? '', 'http://x').searchParams.get('node') ?? 'node-1';
        const seen = { url: req.url ?? '', cookie: req.headers.cookie, sent: [] as Array<{ type: string }> };
        sockets.push(seen);
        const reply = (message: ServerMessage) => ws.send(JSON.stringify(message));
        ws.on('message', (raw) => {
          const message = JSON.parse(raw.toString()) as { type: string; gameId?: string };
          seen.sent.push(message);
          if (message.type === 'connect') reply(connect(node));
          if (message.type === 'findMatch') reply(matched(GAME, 'node-2'));
          if (message.type === 'reconnect' && node === 'node-2') reply(rejoined(GAME));
        });
      }),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const rec: BotRecorders = createBotRecorders();
    const bot = await startBot(baseUrl, () => 0.5, rec, { addedRttMs: 0, echoBoard: createEchoBoard() });
    for (let i = 0; i < 100 && rec.moves.count() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(rec.movedPlayers).toBe(1);
    expect(rec.moves.count()).toBe(1);
    expect(sockets.map((s) => s.url)).toEqual(['/ws', '/ws?node=node-2']);
    expect(sockets[1]?.cookie).toBe('session=s1');
    expect(sockets[1]?.sent[0]).toEqual({ type: 'reconnect', gameId: GAME, timestamp: expect.any(Number) });
    expect(bot.open()).toBe(true);
    expect(bot.wire().down).toBeGreaterThan(0);
    bot.close();
    channel.close();
  });
});
