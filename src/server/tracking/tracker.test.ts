import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { ipAddresses, walletIpAssociations } from '../db/schema/index.ts';
import { openCountryLookup } from './country-lookup.ts';
import { createTracker } from './tracker.ts';

const { countryOf } = openCountryLookup();

/** Every socket and signed-in request counts for its IP and its wallet–IP pair. */
describeEachDatabase('IP and wallet–IP tracking', (target) => {
  const make = () => {
    const clock = createFakeClock();
    const log: string[] = [];
    const tracker = createTracker({ db: target.db, clock, countryOf, log: (m) => log.push(m) });
    return { clock, tracker, log };
  };
  const ipRow = async (ip: string) =>
    (await target.db.select().from(ipAddresses).where(eq(ipAddresses.ipAddress, ip)))[0];
  const pairRows = async (wallet: string) =>
    target.db.select().from(walletIpAssociations).where(eq(walletIpAssociations.walletAddress, wallet));

  it('sockets, requests and games add up per address and per pair, with the country from the mmdb', async () => {
    const { clock, tracker } = make();
    const wallet = uniqueWallet();
    const start = clock.now();
    tracker.socketOpened('8.8.8.8', wallet);
    clock.advance(1_000);
    tracker.socketOpened('8.8.8.8', wallet);
    tracker.requestSeen('8.8.8.8', wallet);
    tracker.requestSeen('127.0.0.1', wallet);
    tracker.gameStarted([{ walletAddress: wallet, ip: '8.8.8.8' }]);
    expect(await ipRow('8.8.8.8')).toBeUndefined();
    await tracker.flush();

    expect(await ipRow('8.8.8.8')).toMatchObject({
      country: 'US',
      totalConnections: 2,
      requestCount: 1,
      firstSeen: new Date(start),
      lastSeen: new Date(start + 1_000),
    });
    expect(await ipRow('127.0.0.1')).toMatchObject({ country: null, totalConnections: 0, requestCount: 1 });
    const pairs = await pairRows(wallet);
    expect(pairs.map((p) => [p.ipAddress, p.connectionCount, p.totalGamesPlayed]).sort()).toEqual([
      ['127.0.0.1', 1, 0],
      ['8.8.8.8', 3, 1],
    ]);
    const google = pairs.find((p) => p.ipAddress === '8.8.8.8');
    expect(google?.firstSeenTogether).toEqual(new Date(start));
    expect(google?.lastSeenTogether).toEqual(new Date(start + 1_000));
  });

  it('a later write adds to the stored counts and moves last-seen, keeping first-seen', async () => {
    const { clock, tracker } = make();
    const wallet = uniqueWallet();
    const ip = '81.2.69.160';
    const start = clock.now();
    tracker.socketOpened(ip, wallet);
    await tracker.flush();
    clock.advance(60_000);
    tracker.socketOpened(ip, wallet);
    tracker.requestSeen(ip, Promise.resolve(wallet));
    tracker.requestSeen(ip, Promise.resolve(null));
    tracker.gameStarted([{ walletAddress: wallet, ip }]);
    await tracker.flush();

    expect(await ipRow(ip)).toMatchObject({
      country: 'GB',
      totalConnections: 2,
      requestCount: 1,
      firstSeen: new Date(start),
      lastSeen: new Date(start + 60_000),
    });
    expect(await pairRows(wallet)).toMatchObject([
      {
        ipAddress: ip,
        connectionCount: 3,
        totalGamesPlayed: 1,
        firstSeenTogether: new Date(start),
        lastSeenTogether: new Date(start + 60_000),
      },
    ]);
  });

  it('an IPv6 client is tracked with its country', async () => {
    const { tracker } = make();
    const wallet = uniqueWallet();
    tracker.socketOpened('2a00:1450:4001::1', wallet);
    await tracker.flush();
    expect(await ipRow('2a00:1450:4001::1')).toMatchObject({ country: 'DE', totalConnections: 1 });
  });

  it('two trackers (two processes) writing one address add up instead of overwriting', async () => {
    const one = make();
    const two = make();
    const wallet = uniqueWallet();
    const ip = '77.88.8.8';
    one.tracker.socketOpened(ip, wallet);
    two.tracker.socketOpened(ip, wallet);
    two.tracker.requestSeen(ip, wallet);
    await Promise.all([one.tracker.flush(), two.tracker.flush()]);
    expect(await ipRow(ip)).toMatchObject({ totalConnections: 2, requestCount: 1, country: 'RU' });
    expect(await pairRows(wallet)).toMatchObject([{ connectionCount: 3 }]);
  });
});
