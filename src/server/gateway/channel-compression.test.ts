import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, matchPractice, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

/**
 * WS_COMPRESSION=on turns on permessage-deflate for clients that offer it (browsers do), with a small
 * window so each socket's zlib state stays small; a client that does not offer it still gets plain frames.
 */
describe('game channel with WS_COMPRESSION=on', () => {
  let server: TestServer;
  const players: TestPlayer[] = [];

  beforeAll(async () => {
    server = await startTestServer({ env: { WS_COMPRESSION: 'on' } });
  });
  afterAll(async () => {
    for (const p of players) p.socket.close();
    await server?.stop();
  });

  const connect = async (offer: boolean) => {
    const player = await connectPlayer(server.url, { ws: { perMessageDeflate: offer } });
    players.push(player);
    return player;
  };

  it('negotiates permessage-deflate with a 10-bit server window, and a match is played over it', async () => {
    const [a, b] = [await connect(true), await connect(true)];
    for (const p of [a, b]) {
      const offered = String(p.handshakeHeaders['sec-websocket-extensions']);
      expect(offered).toMatch(/^permessage-deflate/);
      expect(offered).toMatch(/server_max_window_bits=10/);
    }
    const { gameId } = await matchPractice(a, b);
    const state = await a.next('gameState');
    expect(state.gameId).toBe(gameId);
    expect(state.data.id).toBe(gameId);
  });

  it('a client that does not offer it gets no extension and plain frames', async () => {
    const plain = await connect(false);
    expect(plain.handshakeHeaders['sec-websocket-extensions']).toBeUndefined();
    expect(plain.socket.extensions).toBe('');
    plain.send({ type: 'ping', timestamp: 3 });
    expect(await plain.next('pong')).toMatchObject({ timestamp: 3 });
  });
});
