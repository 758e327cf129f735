import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/database-bed.ts';
import { connectPlayer, signIn, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { eventually } from '../../../test/support/until.ts';
import { ERROR_MESSAGES, TERMS_VERSION } from '../../common/protocol.ts';
import { openDatabase } from '../db/open-database.ts';
import { ipAddresses, systemEvents, termsAcceptances, walletIpAssociations } from '../db/schema/index.ts';
import { RESTRICTED_JURISDICTION_EVENT } from './restricted-jurisdictions.ts';
import { SERVER_EVENTS } from './server-lifecycle-events.ts';
import { PAYMENT_VERIFICATION_FAILED } from './verification-failure-events.ts';

/** Public addresses the shipped GeoLite2 file places (checked in country-lookup.test.ts). */
const GB = '81.2.69.160';
const US = '8.8.8.8';
const DE = '2a00:1450:4001::1';
const forwarded = (ip: string) => ({ 'x-forwarded-for': ip });

/** Retries `check` (after writing what the tracker holds) until it passes: writes land after the answers. */
const whenWritten = (server: TestServer, check: () => Promise<void>) =>
  eventually(
    async () => {
      await server.tracking.tracker.flush();
      await check();
    },
    { timeoutMs: 20_000, intervalMs: 50 },
  );

async function hello(player: TestPlayer) {
  player.send({ type: 'connect', walletAddress: player.wallet.address, displayName: 'none', timestamp: 1 });
  await player.next('connect');
}

/** A player signed in and connected through the trusted proxy (TRUST_PROXY=loopback) from `ip`. */
async function playerFrom(server: TestServer, ip: string): Promise<TestPlayer> {
  const identity = await signIn(server.url, undefined, {
    headers: forwarded(ip),
    termsVersion: TERMS_VERSION,
  });
  const player = await connectPlayer(server.url, { signedIn: identity, headers: forwarded(ip) });
  await hello(player);
  return player;
}

for (const backend of ['pglite', 'postgresql'] as const) {
  describe(`IP tracking and restricted jurisdictions over a real server [${backend}]`, () => {
    let database: ThrowawayDatabase | undefined;
    let server: TestServer;
    const players: TestPlayer[] = [];

    beforeAll(async () => {
      if (backend === 'postgresql') database = await createThrowawayDatabase();
      server = await startTestServer({
        env: { TRUST_PROXY: 'loopback', ...(database ? { DATABASE_URL: database.url } : {}) },
      });
    });
    afterAll(async () => {
      for (const p of players) p.close();
      await server?.stop();
      await database?.drop();
    });

    const ipRow = async (ip: string) =>
      (await server.db.select().from(ipAddresses).where(eq(ipAddresses.ipAddress, ip)))[0];
    const pairRow = async (wallet: string, ip: string) =>
      (
        await server.db
          .select()
          .from(walletIpAssociations)
          .where(and(eq(walletIpAssociations.walletAddress, wallet), eq(walletIpAssociations.ipAddress, ip)))
      )[0];
    const eventsFor = async (eventType: string, wallet: string) =>
      server.db
        .select()
        .from(systemEvents)
        .where(
          and(
            eq(systemEvents.eventType, eventType),
            sql`${systemEvents.details}->>'walletAddress' = ${wallet}`,
          ),
        );

    it('the server start is a system event', async () => {
      const started = await server.db
        .select()
        .from(systemEvents)
        .where(eq(systemEvents.eventType, SERVER_EVENTS.started));
      expect(started.length).toBeGreaterThanOrEqual(1);
      expect(started[0]?.details).toMatchObject({ houseWallet: server.houseWallet });
    });

    it('a sign-in records the terms version, the wallet and the forwarded address', async () => {
      const identity = await signIn(server.url, undefined, {
        headers: forwarded(GB),
        termsVersion: TERMS_VERSION,
      });
      const rows = await server.db
        .select()
        .from(termsAcceptances)
        .where(eq(termsAcceptances.walletAddress, identity.wallet.address));
      expect(rows).toMatchObject([{ ipAddress: GB, termsVersion: TERMS_VERSION }]);
      expect(Math.abs((rows[0]?.acceptedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('a malformed terms version is refused with 400 and records nothing', async () => {
      const before = await server.db.select({ n: sql<number>`count(*)::int` }).from(termsAcceptances);
      await expect(signIn(server.url, undefined, { termsVersion: 'yesterday' })).rejects.toThrow(
        /sign-in failed: 400 .*termsVersion/,
      );
      const after = await server.db.select({ n: sql<number>`count(*)::int` }).from(termsAcceptances);
      expect(after[0]?.n).toBe(before[0]?.n);
    });

    it('a sign-in, a signed-in request and a /ws connection count for the address and the pair', async () => {
      const ip = '77.88.8.8';
      const identity = await signIn(server.url, undefined, {
        headers: forwarded(ip),
        termsVersion: TERMS_VERSION,
      });
      const wallet = identity.wallet.address;
      const me = await fetch(`${server.url}/api/auth/me`, {
        headers: { cookie: identity.cookie, ...forwarded(ip) },
      });
      expect(await me.json()).toEqual({ walletAddress: wallet });
      // A request without a session counts for nobody.
      await fetch(`${server.url}/api/auth/me`, { headers: forwarded(ip) });
      await whenWritten(server, async () => {
        expect(await ipRow(ip)).toMatchObject({ country: 'RU', requestCount: 2, totalConnections: 0 });
        expect(await pairRow(wallet, ip)).toMatchObject({ connectionCount: 2, totalGamesPlayed: 0 });
      });
      const player = await connectPlayer(server.url, { signedIn: identity, headers: forwarded(ip) });
      players.push(player);
      await whenWritten(server, async () => {
        expect(await ipRow(ip)).toMatchObject({ requestCount: 2, totalConnections: 1 });
        const pair = await pairRow(wallet, ip);
        expect(pair).toMatchObject({ connectionCount: 3 });
        expect(pair?.lastSeenTogether.getTime()).toBeGreaterThanOrEqual(
          pair?.firstSeenTogether.getTime() ?? 0,
        );
      });
    });

    it('a paid search from a restricted country is refused with its code and recorded; practice is open', async () => {
      const player = await playerFrom(server, GB);
      players.push(player);
      player.send({ type: 'findMatch', gameMode: 'tiny_tuna', timestamp: 1 });
      const refused = await player.next('error');
      expect(refused.data).toEqual({
        message: ERROR_MESSAGES.restrictedJurisdiction,
        code: 'restricted_jurisdiction',
      });
      expect(await eventsFor(RESTRICTED_JURISDICTION_EVENT, player.wallet.address)).toMatchObject([
        { severity: 'warning', details: { ipAddress: GB, country: 'GB', mode: 'tiny_tuna' } },
      ]);

      player.send({ type: 'findMatch', gameMode: 'practice', timestamp: 2 });
      expect(await player.next('joinQueue')).toMatchObject({ queueType: 'practice' });
      player.send({ type: 'exit' });
    });

    it('a paid search from an open country goes on to the payment check (a refusal there is an event)', async () => {
      const player = await playerFrom(server, DE);
      players.push(player);
      player.send({ type: 'findMatch', gameMode: 'tiny_tuna', timestamp: 1 });
      const refused = await player.next('error');
      expect(refused.data.code).toBe('payment_refused');
      expect(await eventsFor(RESTRICTED_JURISDICTION_EVENT, player.wallet.address)).toEqual([]);
      await whenWritten(server, async () => {
        expect(await eventsFor(PAYMENT_VERIFICATION_FAILED, player.wallet.address)).toMatchObject([
          { severity: 'warning', details: { mode: 'tiny_tuna', ipAddress: DE } },
        ]);
      });
    });

    it('a match that starts counts one game for each wallet with its address', async () => {
      const [a, b] = [await playerFrom(server, US), await playerFrom(server, DE)];
      players.push(a, b);
      a.send({ type: 'findMatch', gameMode: 'practice', timestamp: 1 });
      await a.next('joinQueue');
      b.send({ type: 'findMatch', gameMode: 'practice', timestamp: 1 });
      await Promise.all([a.next('matched'), b.next('matched')]);
      await whenWritten(server, async () => {
        expect(await pairRow(a.wallet.address, US)).toMatchObject({
          totalGamesPlayed: 1,
          connectionCount: 2,
        });
        expect(await pairRow(b.wallet.address, DE)).toMatchObject({
          totalGamesPlayed: 1,
          connectionCount: 2,
        });
      });
      expect(await ipRow(US)).toMatchObject({ country: 'US' });
    });
  });
}

describe('RESTRICTED_COUNTRIES decides which countries are refused [pglite]', () => {
  const servers: TestServer[] = [];
  const players: TestPlayer[] = [];
  afterAll(async () => {
    for (const p of players) p.close();
    for (const s of servers) await s.stop();
  });

  const paidSearchFrom = async (server: TestServer, ip: string) => {
    const player = await playerFrom(server, ip);
    players.push(player);
    player.send({ type: 'findMatch', gameMode: 'tiny_tuna', timestamp: 1 });
    return (await player.next('error')).data.code;
  };

  it('RESTRICTED_COUNTRIES=DE refuses a German address and lets a US one reach the payment check', async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: 'loopback', RESTRICTED_COUNTRIES: 'DE' } });
    servers.push(server);
    expect(await paidSearchFrom(server, DE)).toBe('restricted_jurisdiction');
    expect(await paidSearchFrom(server, US)).toBe('payment_refused');
  });

  it('an empty RESTRICTED_COUNTRIES refuses no country', async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: 'loopback', RESTRICTED_COUNTRIES: '' } });
    servers.push(server);
    expect(await paidSearchFrom(server, US)).toBe('payment_refused');
    expect(await paidSearchFrom(server, GB)).toBe('payment_refused');
  });

  it('without TRUST_PROXY a forwarded address is not believed (the loopback peer has no country)', async () => {
    const server = await startTestServer({});
    servers.push(server);
    expect(await paidSearchFrom(server, US)).toBe('payment_refused');
  });
});

describe('the server start and stop are system events [postgresql]', () => {
  it('a started then stopped server leaves server_started and then server_stopped', async () => {
    const database = await createThrowawayDatabase();
    try {
      const server = await startTestServer({ env: { DATABASE_URL: database.url } });
      await server.stop();
      const reopened = await openDatabase({ databaseUrl: database.url, dataDir: server.dataDir });
      try {
        const events = await reopened.db
          .select()
          .from(systemEvents)
          .where(inArray(systemEvents.eventType, Object.values(SERVER_EVENTS)))
          .orderBy(asc(systemEvents.createdAt));
        expect(events.map((e) => e.eventType)).toEqual([SERVER_EVENTS.started, SERVER_EVENTS.stopped]);
      } finally {
        await reopened.close();
      }
    } finally {
      await database.drop();
    }
  });
});
