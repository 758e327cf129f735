import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/database-bed.ts';
import {
  connectPlayer,
  matchPractice,
  signIn,
  type TestPlayer,
} from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { CLOSE_CODES } from '../../common/protocol.ts';
import { BAN_MESSAGES } from '../security/bans.ts';

/**
 * RELIABILITY 35: a sign-out or a ban closes the game sockets it concerns, with an application close code
 * the client stops on. A signed-out socket can no longer be matched; a seat it held starts its ordinary
 * reconnection window, which a new sign-in of the same wallet may use and a banned wallet cannot. Over real
 * sockets, on the embedded database and on PostgreSQL.
 */
describe.each(['pglite', 'postgresql'] as const)(
  'a sign-out or a ban closes the game sockets [%s]',
  (kind) => {
    const clock = createFakeClock();
    let server: TestServer;
    let database: ThrowawayDatabase | undefined;
    const open: TestPlayer[] = [];
    const player = async (options?: Parameters<typeof connectPlayer>[1]) => {
      const p = await connectPlayer(server.url, options);
      open.push(p);
      return p;
    };
    /** Runs the matches for `ms` of fake time, letting socket traffic through. */
    const run = async (ms: number) => {
      for (let t = 0; t < ms; t += TICK_MS) {
        clock.advance(TICK_MS);
        server.game.game.tick();
        if (Math.round(t / TICK_MS) % 10 === 0) await flush();
      }
      await flush();
    };
    const post = (path: string, cookie: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: '{}',
      });
    const signedInWallet = async (cookie: string) => {
      const res = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
      return ((await res.json()) as { walletAddress: string | null }).walletAddress;
    };

    beforeAll(async () => {
      database = kind === 'postgresql' ? await createThrowawayDatabase() : undefined;
      server = await startTestServer({ clock, env: database ? { DATABASE_URL: database.url } : {} });
    }, 60_000);
    afterAll(async () => {
      for (const p of open) p.close();
      await server?.stop();
      await database?.drop();
    });

    it('a sign-out closes the socket of that session (signedOut), so its search is never matched; another session of the wallet stays', async () => {
      const identity = await signIn(server.url);
      const searcher = await player({ signedIn: identity });
      const otherDevice = await player({ signedIn: await signIn(server.url, identity.wallet) });
      searcher.send({ type: 'findMatch', gameMode: 'practice' });
      await searcher.next('joinQueue');

      expect((await post('/api/auth/logout', identity.cookie)).status).toBe(200);
      expect(await searcher.closed).toEqual({ code: CLOSE_CODES.signedOut, reason: 'Signed out' });
      expect(await signedInWallet(identity.cookie)).toBeNull();
      await expect(player({ signedIn: identity })).rejects.toThrow('handshake refused: 401');

      // Someone else searches the same mode: the signed-out search is away, and nobody is paired with it.
      const stranger = await player();
      stranger.send({ type: 'findMatch', gameMode: 'practice' });
      await stranger.next('joinQueue');
      await server.game.game.pairWaiting();
      await flush();
      expect(stranger.all('matched')).toEqual([]);
      expect(otherDevice.socket.readyState).toBe(otherDevice.socket.OPEN);
      stranger.send({ type: 'cancelSearch' });
      await stranger.next('cancelSearch');
    });

    it('a sign-out during a match starts the seat’s reconnection window; a new sign-in of the wallet takes the seat back', async () => {
      const identity = await signIn(server.url);
      const [a, b] = [await player({ signedIn: identity }), await player()];
      const { gameId, seats } = await matchPractice(a, b);
      await run(1000);

      expect((await post('/api/auth/logout', identity.cookie)).status).toBe(200);
      expect((await a.closed).code).toBe(CLOSE_CODES.signedOut);
      await run(2100);
      expect(await b.next('playerTemporarilyDisconnected')).toMatchObject({
        disconnectedPlayerIndex: seats[0],
        reconnectionTimeLeft: 30,
      });

      const back = await player({ signedIn: await signIn(server.url, identity.wallet) });
      back.send({ type: 'reconnect', gameId });
      expect(await back.next('reconnectionSuccess')).toMatchObject({ gameId, playerIndex: seats[0] });
      await b.next('gameResumed');
      back.send({ type: 'exit', gameId });
      await run(100);
      expect((await b.next('gameOver')).finalResult).toBe('win');
    });

    it('a wallet ban tells every socket of the wallet, closes them (restricted) and ends all its sessions', async () => {
      const identity = await signIn(server.url);
      const secondSession = await signIn(server.url, identity.wallet);
      const [home, phone, bystander] = [
        await player({ signedIn: identity }),
        await player({ signedIn: secondSession }),
        await player(),
      ];
      await server.bans.banWallet(identity.wallet.address, { by: 'ops@example.com', reason: 'fraud' });

      for (const socket of [home, phone]) {
        expect(await socket.next('banStatus')).toMatchObject({ banned: true, walletBanned: true });
        expect(await socket.closed).toEqual({ code: CLOSE_CODES.restricted, reason: BAN_MESSAGES.wallet });
      }
      expect(await signedInWallet(identity.cookie)).toBeNull();
      expect(await signedInWallet(secondSession.cookie)).toBeNull();
      await expect(player({ signedIn: secondSession })).rejects.toThrow('handshake refused: 401');
      await expect(signIn(server.url, identity.wallet)).rejects.toThrow('sign-in failed: 403');
      expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
    });

    it('a wallet banned during a match: its socket closes, the seat’s window runs, and it cannot come back', async () => {
      const identity = await signIn(server.url);
      const [a, b] = [await player({ signedIn: identity }), await player()];
      const { seats } = await matchPractice(a, b);
      await run(1000);

      await server.bans.banWallet(identity.wallet.address, { by: 'ops@example.com', reason: 'collusion' });
      expect((await a.closed).code).toBe(CLOSE_CODES.restricted);
      await run(2100);
      expect((await b.next('playerTemporarilyDisconnected')).disconnectedPlayerIndex).toBe(seats[0]);
      await expect(signIn(server.url, identity.wallet)).rejects.toThrow('sign-in failed: 403');
      await run(30_000);
      expect(await b.next('gameOver')).toMatchObject({ reason: 'opponent_timeout', finalResult: 'win' });
    });

    // Last: every test player connects from 127.0.0.1, which this bans.
    it('an IP ban closes the sockets from that address (restricted) and ends the sessions signed in from it', async () => {
      const identity = await signIn(server.url);
      const socket = await player({ signedIn: identity });
      await server.bans.banIp('127.0.0.1', { by: 'ops@example.com', reason: 'abuse' });
      expect(await socket.next('banStatus')).toMatchObject({ banned: true, ipBanned: true });
      expect(await socket.closed).toEqual({ code: CLOSE_CODES.restricted, reason: BAN_MESSAGES.ip });
      expect(await signedInWallet(identity.cookie)).toBeNull();
    });
  },
);
