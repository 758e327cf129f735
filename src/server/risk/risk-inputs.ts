import { and, count, desc, eq, gt, gte, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { HOUSE_BOT_ADDRESS, RISK_WINDOW_MS } from '../../common/rules.ts';
import type { Database } from '../db/database.ts';
import { games, walletIpAssociations } from '../db/schema/index.ts';
import type { GameFact, PairInputs } from './pair-signals.ts';
import type { SeatFigures } from './play-figures.ts';

/** A wallet's bot signals pool the figures of its newest measured games. */
export const RECENT_MEASURED_GAMES = 20;
/** The most games of one wallet the pair rules read from the window. */
const MAX_GAMES_READ = 500;
/**
 * The most wallets sharing an IP that are looked at (the latest seen first): an address behind which many
 * wallets play (a carrier's NAT, a café) says less about each, and must not make one pass read the table.
 */
export const MAX_LINKED_WALLETS = 50;

const seatFiguresSchema = z.object({
  reactionTicks: z.array(z.number()),
  cadence: z.object({ n: z.number(), sum: z.number(), sumSq: z.number() }),
  reads: z.object({ returns: z.number(), early: z.number() }),
});
/** games.risk_figures: the play figures of both seats. */
export const storedFiguresSchema = z.object({ seats: z.tuple([seatFiguresSchema, seatFiguresSchema]) });
export type StoredFigures = z.infer<typeof storedFiguresSchema>;

const factColumns = {
  id: games.id,
  endedAt: games.endedAt,
  entryFee: games.entryFeeLamports,
  player1: games.player1Wallet,
  player2: games.player2Wallet,
  winner: games.winner,
  ip1: games.player1Ip,
  ip2: games.player2Ip,
};

type FactRow = { [K in keyof typeof factColumns]: (typeof factColumns)[K]['_']['data'] | null };

const factOf = (r: FactRow): GameFact => ({
  id: r.id ?? '',
  endedAt: r.endedAt?.getTime() ?? 0,
  paid: (r.entryFee ?? 0n) > 0n,
  wallets: [r.player1 ?? '', r.player2 ?? ''],
  winner: r.winner,
  ips: [r.ip1, r.ip2],
});

const inWindow = (from: Date, to: Date) => and(gte(games.endedAt, from), lte(games.endedAt, to));
const withoutHouseBot = and(
  ne(games.player1Wallet, HOUSE_BOT_ADDRESS),
  ne(games.player2Wallet, HOUSE_BOT_ADDRESS),
);

async function gamesOf(db: Database, wallets: readonly string[], from: Date, to: Date): Promise<GameFact[]> {
  if (wallets.length === 0) return [];
  const rows = await db
    .select(factColumns)
    .from(games)
    .where(
      and(
        or(inArray(games.player1Wallet, [...wallets]), inArray(games.player2Wallet, [...wallets])),
        inWindow(from, to),
        withoutHouseBot,
      ),
    )
    .orderBy(desc(games.endedAt), desc(games.id))
    .limit(MAX_GAMES_READ * wallets.length);
  return rows.map(factOf);
}

/** Everything the pair rules need about `wallet` (pair-signals.ts), or null for a wallet without games. */
export async function loadPairInputs(db: Database, wallet: string): Promise<PairInputs | null> {
  const [latest] = await db
    .select({ at: games.endedAt })
    .from(games)
    .where(
      and(or(eq(games.player1Wallet, wallet), eq(games.player2Wallet, wallet)), isNotNull(games.endedAt)),
    )
    .orderBy(desc(games.endedAt))
    .limit(1);
  if (!latest?.at) return null;
  const to = latest.at;
  const from = new Date(to.getTime() - RISK_WINDOW_MS);
  const own = await gamesOf(db, [wallet], from, to);

  const ipsOf = new Map<string, Set<string>>();
  const seen = (w: string, ip: string | null) => {
    if (!ip || !w || w === HOUSE_BOT_ADDRESS) return;
    ipsOf.set(w, (ipsOf.get(w) ?? new Set()).add(ip));
  };
  const associations = await db
    .select({ ip: walletIpAssociations.ipAddress })
    .from(walletIpAssociations)
    .where(eq(walletIpAssociations.walletAddress, wallet));
  for (const a of associations) seen(wallet, a.ip);
  for (const g of own) if (g.wallets[0] === wallet) seen(wallet, g.ips[0]);
  for (const g of own) if (g.wallets[1] === wallet) seen(wallet, g.ips[1]);
  const myIps = [...(ipsOf.get(wallet) ?? [])];

  if (myIps.length > 0) {
    const sharers = await db
      .select({ wallet: walletIpAssociations.walletAddress, ip: walletIpAssociations.ipAddress })
      .from(walletIpAssociations)
      .where(
        and(inArray(walletIpAssociations.ipAddress, myIps), ne(walletIpAssociations.walletAddress, wallet)),
      )
      .orderBy(desc(walletIpAssociations.lastSeenTogether))
      .limit(MAX_LINKED_WALLETS);
    for (const s of sharers) seen(s.wallet, s.ip);
    // Wallets that sat at one of these IPs in a game of the window, whether or not tracking kept the pair.
    const fromIps = await db
      .select(factColumns)
      .from(games)
      .where(and(or(inArray(games.player1Ip, myIps), inArray(games.player2Ip, myIps)), inWindow(from, to)))
      .orderBy(desc(games.endedAt))
      .limit(MAX_GAMES_READ);
    for (const g of fromIps.map(factOf)) {
      for (const seat of [0, 1] as const) {
        const ip = g.ips[seat];
        if (ip && myIps.includes(ip)) seen(g.wallets[seat], ip);
      }
    }
  }
  const linked = [...ipsOf.keys()].filter((w) => w !== wallet).slice(0, MAX_LINKED_WALLETS);
  const linkedGames = await gamesOf(db, linked, from, to);
  const gamesOfLinked = new Map<string, GameFact[]>(linked.map((w) => [w, []]));
  for (const g of linkedGames) for (const w of g.wallets) gamesOfLinked.get(w)?.push(g);

  const opponents = [...new Set(own.map((g) => (g.wallets[0] === wallet ? g.wallets[1] : g.wallets[0])))];
  const paidInWindow = and(gt(games.entryFeeLamports, 0n), isNotNull(games.winner), inWindow(from, to));
  const [pool] = await db.select({ games: count() }).from(games).where(paidInWindow);
  const paidGamesOf = new Map<string, number>();
  for (const seat of [games.player1Wallet, games.player2Wallet]) {
    if (opponents.length === 0) break;
    const rows = await db
      .select({ wallet: seat, games: count() })
      .from(games)
      .where(and(paidInWindow, inArray(seat, opponents)))
      .groupBy(seat);
    for (const row of rows) {
      if (row.wallet) paidGamesOf.set(row.wallet, (paidGamesOf.get(row.wallet) ?? 0) + Number(row.games));
    }
  }
  return { wallet, games: own, poolPaidGames: Number(pool?.games ?? 0), paidGamesOf, ipsOf, gamesOfLinked };
}

/** The stored play figures of the wallet's newest measured games, the wallet's seat in each. */
export async function loadRecentFigures(
  db: Database,
  wallet: string,
): Promise<{ figures: SeatFigures[]; games: string[] }> {
  const rows = await db
    .select({ id: games.id, player1: games.player1Wallet, riskFigures: games.riskFigures })
    .from(games)
    .where(
      and(or(eq(games.player1Wallet, wallet), eq(games.player2Wallet, wallet)), isNotNull(games.riskFigures)),
    )
    .orderBy(desc(games.endedAt), desc(games.id))
    .limit(RECENT_MEASURED_GAMES);
  const figures: SeatFigures[] = [];
  const ids: string[] = [];
  for (const row of rows) {
    const parsed = storedFiguresSchema.safeParse(row.riskFigures);
    if (!parsed.success) continue;
    figures.push(parsed.data.seats[row.player1 === wallet ? 0 : 1]);
    ids.push(row.id);
  }
  return { figures, games: ids };
}
