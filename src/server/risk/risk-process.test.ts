import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { riskEvidenceOf } from '../../common/api/risk-evidence.ts';
import { createFakeClock } from '../../common/clock.ts';
import { resolveFlagAction } from '../admin/queries/flag-actions.ts';
import { listGames } from '../admin/queries/games-list.ts';
import type { Database } from '../db/database.ts';
import {
  flaggedWallets,
  games,
  ipAddresses,
  systemEvents,
  walletAnalytics,
  walletIpAssociations,
} from '../db/schema/index.ts';
import { seededRandom } from '../game/match/bot-brain.ts';
import type { MatchResult } from '../game/match/match-types.ts';
import { createRiskWatch } from './risk-watch.ts';
import { backOfficePorts } from './test-support/back-office-ports.ts';
import {
  type BotSeat,
  dumpingBot,
  fastBot,
  humanBot,
  playBotMatch,
  recordBotMatch,
  walletOf,
} from './test-support/bot-matches.ts';

/**
 * Issue point 7, proved with bots through the server's own match, recorder and risk pass, on both databases:
 * two wallets that dump paid matches to each other from one IP and a bot that reacts in 30 ms are flagged,
 * with the right reasons and their evidence; fifty matches between the bench's human-like bots raise none.
 */
const THRESHOLD = 60;
const HUMANS = Array.from({ length: 10 }, (_, i) => ({
  wallet: walletOf(`human-${i}`),
  ip: `10.1.0.${i + 1}`,
}));
const DUMP_WINNER = { wallet: walletOf('dump-winner'), ip: '10.9.9.9' };
const DUMP_LOSER = { wallet: walletOf('dump-loser'), ip: '10.9.9.9' };
const FAST = { wallet: walletOf('fast-bot'), ip: '10.2.0.1' };
const SHARED_IP = '10.9.9.9';
/** A day ago, so every game has ended before the database's own now(). */
const BASE_MS = Date.now() - 24 * 60 * 60 * 1000;
const GAP_MS = 10 * 60 * 1000;

const seedOf = (n: number) => n.toString(16).padStart(32, '0');
let played: { humans: MatchResult[]; dumps: MatchResult[]; fast: MatchResult[]; extraDump: MatchResult };

/** The matches, played once for both databases (a tick loop on fake clocks: about half a second each). */
function playAll() {
  const random = seededRandom(2026);
  let n = 0;
  const next = (seats: readonly [BotSeat, BotSeat]) =>
    playBotMatch({ seats, startMs: BASE_MS + n * GAP_MS, seed: seedOf(++n) });
  const humans = Array.from({ length: 50 }, (_, k) => {
    const a = Math.floor(random() * HUMANS.length);
    const b = (a + 1 + Math.floor(random() * (HUMANS.length - 1))) % HUMANS.length;
    return next([
      { ...HUMANS[a]!, play: (s) => humanBot(s, 1000 + k) },
      { ...HUMANS[b]!, play: (s) => humanBot(s, 2000 + k) },
    ]);
  });
  const dumpSeats: [BotSeat, BotSeat] = [
    { ...DUMP_WINNER, play: (s) => humanBot(s, 7) },
    { ...DUMP_LOSER, play: () => dumpingBot() },
  ];
  const dumps = Array.from({ length: 8 }, () => next(dumpSeats));
  const fast = [0, 1, 2].map((k) =>
    next([
      { ...FAST, play: (s) => fastBot(s, 50 + k) },
      { ...HUMANS[k]!, play: (s) => humanBot(s, 60 + k) },
    ]),
  );
  n += 300;
  return { humans, dumps, fast, extraDump: next(dumpSeats) };
}

beforeAll(() => {
  played = playAll();
}, 240_000);

async function seedAddresses(db: Database) {
  const all = [...HUMANS, DUMP_WINNER, DUMP_LOSER, FAST];
  await db.insert(ipAddresses).values([...new Set(all.map((p) => p.ip))].map((ipAddress) => ({ ipAddress })));
  await db
    .insert(walletIpAssociations)
    .values(all.map((p) => ({ walletAddress: p.wallet, ipAddress: p.ip })));
}

describeEachDatabase('risk signals: bots flagged, people not (issue point 7)', (target) => {
  const clock = createFakeClock(BASE_MS + 200 * GAP_MS);
  const logged: string[] = [];
  const watch = () =>
    createRiskWatch({
      db: target.db,
      clock,
      flagThreshold: THRESHOLD,
      log: (m, e) => logged.push(`${m} ${e}`),
      ...backOfficePorts({ db: target.db, clock }),
    });

  const flagOf = async (wallet: string) =>
    (await target.db.select().from(flaggedWallets).where(eq(flaggedWallets.walletAddress, wallet)))[0];
  const analyticsOf = async (wallet: string) =>
    (await target.db.select().from(walletAnalytics).where(eq(walletAnalytics.walletAddress, wallet)))[0];
  const kindsOf = (evidence: unknown) => riskEvidenceOf(evidence)?.signals.map((s) => s.kind) ?? [];

  beforeAll(async () => {
    await seedAddresses(target.db);
    const risk = watch();
    const inOrder = [...played.humans, ...played.dumps, ...played.fast];
    // As the game server does: each result written, then told to the risk pass, which runs behind.
    for (const result of inOrder) {
      await recordBotMatch(target.db, result);
      risk.matchRecorded(result.id);
    }
    await risk.idle();
  }, 240_000);

  it('every game is measured: figures stored, an integrity score, and no error logged', async () => {
    const rows = await target.db
      .select({ id: games.id, figures: games.riskFigures, integrity: games.integrityScore })
      .from(games);
    expect(rows).toHaveLength(61);
    expect(rows.every((r) => r.figures !== null && r.integrity !== null)).toBe(true);
    expect(logged).toEqual([]);
  });

  it('50 matches between human-like bots: no flag, no suspicious game or IP, scores below the threshold', async () => {
    const humanWallets = HUMANS.map((h) => h.wallet);
    const flags = await target.db
      .select()
      .from(flaggedWallets)
      .where(inArray(flaggedWallets.walletAddress, humanWallets));
    expect(flags).toEqual([]);
    const humanGames = await target.db
      .select({ suspicious: games.suspiciousActivity, integrity: games.integrityScore })
      .from(games)
      .where(
        inArray(
          games.id,
          played.humans.map((r) => r.id),
        ),
      );
    expect(humanGames.filter((g) => g.suspicious)).toEqual([]);
    expect(humanGames.every((g) => g.integrity === 100)).toBe(true);
    for (const wallet of humanWallets) {
      const row = await analyticsOf(wallet);
      expect(row?.riskScore, wallet).toBe(0);
      expect(row?.isFlagged).toBe(false);
      expect(riskEvidenceOf(row?.suspiciousPatterns)).toMatchObject({ version: 1, score: 0, signals: [] });
    }
    const associations = await target.db
      .select({ suspicious: walletIpAssociations.isSuspicious })
      .from(walletIpAssociations)
      .where(inArray(walletIpAssociations.walletAddress, humanWallets));
    expect(associations.every((a) => !a.suspicious)).toBe(true);
  });

  it('two wallets dumping paid matches to each other from one IP: both flagged by system for chip dumping and multi-accounting, with the games', async () => {
    const dumpIds = played.dumps.map((r) => r.id);
    for (const wallet of [DUMP_WINNER.wallet, DUMP_LOSER.wallet]) {
      const flag = await flagOf(wallet);
      expect(flag).toMatchObject({ isActive: true, flaggedBy: 'system', severity: 'critical' });
      expect(flag?.reason).toBe('Risk score 100: chip_dumping, multi_accounting');
      const evidence = riskEvidenceOf(flag?.evidence);
      expect(evidence?.score).toBe(100);
      const dumping = evidence?.signals.find((s) => s.kind === 'chip_dumping');
      expect(dumping).toMatchObject({
        points: 70,
        otherWallet: wallet === DUMP_WINNER.wallet ? DUMP_LOSER.wallet : DUMP_WINNER.wallet,
        figures: { games: 8, loser: DUMP_LOSER.wallet, sharedIps: [SHARED_IP] },
      });
      expect([...(dumping?.games ?? [])].sort()).toEqual([...dumpIds].sort());
      const analytics = await analyticsOf(wallet);
      expect(analytics).toMatchObject({ riskScore: 100, isFlagged: true, flagReason: flag?.reason });
      expect(kindsOf(analytics?.suspiciousPatterns)).toEqual(['chip_dumping', 'multi_accounting']);
    }
    const shared = await target.db
      .select({ suspicious: walletIpAssociations.isSuspicious })
      .from(walletIpAssociations)
      .where(eq(walletIpAssociations.ipAddress, SHARED_IP));
    expect(shared).toEqual([{ suspicious: true }, { suspicious: true }]);
    const [ip] = await target.db.select().from(ipAddresses).where(eq(ipAddresses.ipAddress, SHARED_IP));
    expect(ip?.riskScore).toBe(100);
    // One IP at both seats: each dumped game is marked, its integrity cut by the shared address.
    const dumped = await target.db
      .select({ suspicious: games.suspiciousActivity, integrity: games.integrityScore })
      .from(games)
      .where(inArray(games.id, dumpIds));
    expect(dumped.every((g) => g.suspicious && (g.integrity ?? 100) <= 60)).toBe(true);
    const events = await target.db
      .select()
      .from(systemEvents)
      .where(and(eq(systemEvents.eventType, 'wallet_flagged')));
    const flaggedBySystem = events.filter((e) => (e.details as { by?: string }).by === 'system');
    expect(flaggedBySystem.map((e) => (e.details as { walletAddress: string }).walletAddress).sort()).toEqual(
      [DUMP_WINNER.wallet, DUMP_LOSER.wallet, FAST.wallet].sort(),
    );
  });

  it('a bot reacting in 30 ms: flagged by system for fast reactions (and perfect tracking), its games marked; its human opponents not', async () => {
    const flag = await flagOf(FAST.wallet);
    expect(flag).toMatchObject({ isActive: true, flaggedBy: 'system' });
    const evidence = riskEvidenceOf(flag?.evidence);
    expect(evidence?.signals.map((s) => s.kind)).toEqual(['fast_reactions', 'perfect_tracking']);
    const reactions = evidence?.signals[0];
    expect(reactions?.figures.medianMs).toBeLessThan(120);
    expect([...(reactions?.games ?? [])].sort()).toEqual(played.fast.map((r) => r.id).sort());
    const fastGames = await target.db
      .select({ suspicious: games.suspiciousActivity, integrity: games.integrityScore })
      .from(games)
      .where(
        inArray(
          games.id,
          played.fast.map((r) => r.id),
        ),
      );
    expect(fastGames.every((g) => g.suspicious && g.integrity === 5)).toBe(true);
    // The back-office's games list carries both (the game's detail shows 'Integrity 5/100 · suspicious').
    const listed = await listGames(target.db, { search: played.fast[0]!.id });
    expect(listed.items.map((g) => [g.integrityScore, g.suspiciousActivity])).toEqual([[5, true]]);
    expect(await flagOf(HUMANS[0]!.wallet)).toBeUndefined();
    const [ip] = await target.db.select().from(ipAddresses).where(eq(ipAddresses.ipAddress, FAST.ip));
    expect(ip?.riskScore).toBe(95);
  });

  it('a flag resolved with a note stays resolved on the same evidence; a new dumped game raises it again', async () => {
    const admin = { by: 'ops@example.com' };
    const resolved = await resolveFlagAction({ db: target.db, clock }, admin, {
      walletAddress: DUMP_LOSER.wallet,
      notes: 'Brothers sharing a flat; warned',
    });
    expect(resolved.ok).toBe(true);
    const risk = watch();
    // The pass runs again over an old game (a retry, a backfill): the operator's answer stands.
    risk.matchRecorded(played.dumps[0]!.id);
    await risk.idle();
    expect(await flagOf(DUMP_LOSER.wallet)).toMatchObject({ isActive: false, resolvedBy: admin.by });

    await recordBotMatch(target.db, played.extraDump);
    risk.matchRecorded(played.extraDump.id);
    await risk.idle();
    const again = await flagOf(DUMP_LOSER.wallet);
    expect(again).toMatchObject({ isActive: true, flaggedBy: 'system', resolvedBy: null });
    expect(riskEvidenceOf(again?.evidence)?.signals[0]?.games).toContain(played.extraDump.id);
    expect(logged).toEqual([]);
  });
});
