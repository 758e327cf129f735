import { generateKeyPairSigner } from '@solana/kit';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import {
  leaderboardAnswerSchema,
  MIN_RANKED_GAMES,
  playerProfileAnswerSchema,
  visibilityAnswerSchema,
} from '../../common/api/rankings-api.ts';
import { createFakeClock } from '../../common/clock.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { games, signedInWallets } from '../db/schema/index.ts';
import { leaderboardSql, weekStart } from '../rankings/leaderboard-query.ts';
import { playerGamesSql } from '../rankings/player-profile-query.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../security/player-sessions.ts';
import {
  RANKINGS_CACHE_MS,
  RANKINGS_HTTP_CACHE,
  RANKINGS_REFUSALS,
  registerRankingsRoutes,
} from './rankings-routes.ts';

const SHRIMP = getGameMode('smol_shrimp');
const WIN = SHRIMP.winLamports - SHRIMP.wagerLamports; // +0.0125 SOL
const LOSS = -SHRIMP.wagerLamports; // -0.025 SOL

describeEachDatabase('the leaderboard and the player page', (target) => {
  const clock = createFakeClock();
  const sessions = () => createPlayerSessions({ db: target.db, clock });
  const app = () => {
    const instance = Fastify();
    registerRankingsRoutes(instance, { db: target.db, clock, playerSessions: sessions() });
    return instance;
  };
  const w: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'hidden', string> = {
    a: '',
    b: '',
    c: '',
    d: '',
    e: '',
    f: '',
    hidden: '',
  };
  let minute = 0;

  /** One finished match, written as the game server writes it; `when` is this week or the last. */
  const game = async (
    p1: string,
    p2: string,
    winner: string | null,
    opts: { when?: 'this week' | 'last week'; practice?: boolean; forfeit?: boolean } = {},
  ) => {
    const week = weekStart(clock.now()).getTime();
    const at = new Date(
      (opts.when === 'last week' ? week - 24 * 3_600_000 : week + 1_000) + ++minute * 60_000,
    );
    const mode = opts.practice ? getGameMode('practice') : SHRIMP;
    await target.db.insert(games).values({
      mode: mode.id,
      state: 'gameOver',
      player1Wallet: p1,
      player2Wallet: p2,
      createdAt: at,
      startedAt: at,
      endedAt: at,
      winner,
      player1Score: winner === p1 ? 11 : 4,
      player2Score: winner === p2 ? 11 : 4,
      finalScore: winner === p1 ? '11-4' : '4-11',
      completionStatus: winner === null ? 'interrupted' : opts.forfeit ? 'forfeited' : 'completed',
      entryFeeLamports: mode.wagerLamports,
      winnerPayoutLamports: mode.wagerLamports > 0n ? mode.winLamports : null,
    });
  };

  beforeAll(async () => {
    for (const key of Object.keys(w) as (keyof typeof w)[]) w[key] = (await generateKeyPairSigner()).address;
    // The clock moves on to a Wednesday noon, so 'this week' and 'last week' both hold whole days of play.
    clock.set(weekStart(clock.now()).getTime() + 9.5 * 24 * 3_600_000);
    await game(w.a, w.b, w.a);
    await game(w.a, w.c, w.a);
    await game(w.b, w.a, w.b);
    await game(w.hidden, w.a, w.hidden, { forfeit: true });
    await game(w.a, w.b, w.a, { practice: true });
    await game(w.a, w.b, null); // interrupted and refunded: no result
    await game(w.c, w.d, w.c, { when: 'last week' });
    for (let i = 0; i < MIN_RANKED_GAMES; i++) await game(w.e, w.f, i === 0 ? w.f : w.e);
    await target.db.insert(signedInWallets).values({
      walletAddress: w.hidden,
      hiddenFromRankingsAt: new Date(clock.now()),
    });
  });

  const board = async (query: string) => {
    const res = await app().inject({ url: `/api/leaderboard${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return fitsExactly(leaderboardAnswerSchema, res.json(), `GET /api/leaderboard${query}`);
  };
  const figures = (rows: { walletAddress: string; games: number; wins: number; netLamports: string }[]) =>
    rows.map((r) => [r.walletAddress, r.games, r.wins, BigInt(r.netLamports)]);

  it('this week by net winnings: paid matches with a result only, the hidden player absent', async () => {
    const answer = await board('?period=week&sort=net');
    expect(answer.since).toBe(weekStart(clock.now()).toISOString());
    expect(figures(answer.rows)).toEqual([
      [w.e, 5, 4, 4n * WIN + LOSS],
      [w.b, 2, 1, WIN + LOSS],
      // A tie on net goes to more wins.
      [w.a, 4, 2, 2n * WIN + 2n * LOSS],
      [w.c, 1, 0, LOSS],
      [w.f, 5, 1, WIN + 4n * LOSS],
    ]);
    expect(answer.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('all time adds last week; by wins; by win rate only over the minimum number of games', async () => {
    const all = await board('?period=all&sort=net');
    expect(all.since).toBeNull();
    expect(figures(all.rows).find(([wallet]) => wallet === w.c)).toEqual([w.c, 2, 1, WIN + LOSS]);
    expect(figures(all.rows).find(([wallet]) => wallet === w.d)).toEqual([w.d, 1, 0, LOSS]);
    const byWins = await board('?period=all&sort=wins');
    expect(byWins.rows.map((r) => [r.walletAddress, r.wins])[0]).toEqual([w.e, 4]);
    expect(byWins.rows[1]).toMatchObject({ walletAddress: w.a, wins: 2 });
    const byRate = await board('?period=week&sort=winRate');
    expect(byRate.minGames).toBe(MIN_RANKED_GAMES);
    expect(byRate.rows.map((r) => [r.walletAddress, r.winRate])).toEqual([
      [w.e, 0.8],
      [w.f, 0.2],
    ]);
    expect(JSON.stringify([all, byWins, byRate])).not.toContain(w.hidden);
  });

  it('a malformed period or sort is refused with what is allowed', async () => {
    for (const query of ['?period=month', '?sort=luck', '?period=week&sort=']) {
      const res = await app().inject({ url: `/api/leaderboard${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: RANKINGS_REFUSALS.badQuery });
    }
  });

  it("a player's page: games, wins, best streak, favourite mode, net, recent results without opponents", async () => {
    const res = await app().inject({ url: `/api/players/${w.a}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = fitsExactly(playerProfileAnswerSchema, res.json(), 'GET /api/players/:address');
    // W W L L(forfeit) W(practice): the interrupted match has no result.
    expect(page).toMatchObject({
      walletAddress: w.a,
      games: 5,
      wins: 3,
      bestStreak: 2,
      favouriteMode: 'smol_shrimp',
      netLamports: String(2n * WIN + 2n * LOSS),
    });
    expect(page.recent.map((r) => [r.gameMode, r.result, r.score, r.forfeit])).toEqual([
      ['practice', 'win', '11-4', false],
      ['smol_shrimp', 'loss', '4-11', true],
      ['smol_shrimp', 'loss', '4-11', false],
      ['smol_shrimp', 'win', '11-4', false],
      ['smol_shrimp', 'win', '11-4', false],
    ]);
    for (const other of [w.b, w.c, w.hidden]) expect(res.body).not.toContain(other);
  });

  it('a hidden player, a wallet that never played and a malformed address have no page', async () => {
    const stranger = (await generateKeyPairSigner()).address;
    for (const wallet of [w.hidden, stranger]) {
      const res = await app().inject({ url: `/api/players/${wallet}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: RANKINGS_REFUSALS.noPage });
    }
    const bad = await app().inject({ url: '/api/players/not-an-address' });
    expect(bad.statusCode).toBe(400);
  });

  it('a signed-in player hides themselves from both at once, and shows again; signed out they cannot', async () => {
    const instance = app();
    const { token } = await sessions().start({ walletAddress: w.b, ip: '127.0.0.1', userAgent: 'test' });
    const cookie = `${PLAYER_SESSION_COOKIE}=${token}`;
    const put = (payload: unknown, headers: Record<string, string> = { cookie }) =>
      instance.inject({ method: 'PUT', url: '/api/player/visibility', payload: payload as object, headers });
    const onBoard = async () =>
      (await instance.inject({ url: '/api/leaderboard?period=week&sort=net' }))
        .json()
        .rows.some((r: { walletAddress: string }) => r.walletAddress === w.b);
    const pageStatus = async () => (await instance.inject({ url: `/api/players/${w.b}` })).statusCode;
    // Read once, so the boards and the page are in the cache.
    expect(await onBoard()).toBe(true);
    expect(await pageStatus()).toBe(200);

    expect((await put({ hidden: true }, {})).statusCode).toBe(401);
    const signedOut = await instance.inject({ url: '/api/player/visibility' });
    expect(signedOut.json()).toEqual({ walletAddress: null, hidden: false });
    expect((await put({ hidden: 'yes' })).json()).toEqual({ error: RANKINGS_REFUSALS.badBody });
    const hidden = await put({ hidden: true });
    expect(fitsExactly(visibilityAnswerSchema, hidden.json(), 'PUT visibility')).toEqual({
      walletAddress: w.b,
      hidden: true,
    });
    // At once, not after the cache's time.
    expect(await onBoard()).toBe(false);
    expect(await pageStatus()).toBe(404);
    const read = await instance.inject({ url: '/api/player/visibility', headers: { cookie } });
    expect(read.json()).toEqual({ walletAddress: w.b, hidden: true });

    await put({ hidden: false });
    expect(await onBoard()).toBe(true);
    expect(await pageStatus()).toBe(200);
  });

  it('boards are cached briefly: a match written meanwhile shows once the cache time has passed', async () => {
    const instance = app();
    const net = async () =>
      (await instance.inject({ url: '/api/leaderboard?period=week&sort=wins' }))
        .json()
        .rows.find((r: { walletAddress: string }) => r.walletAddress === w.d)?.wins ?? null;
    expect(await net()).toBeNull();
    await game(w.d, w.c, w.d);
    expect(await net()).toBeNull();
    clock.advance(RANKINGS_CACHE_MS);
    expect(await net()).toBe(1);
  });

  it('a page with no record is not cached: its first match shows at once, and no browser keeps a page', async () => {
    const instance = app();
    const newcomer = (await generateKeyPairSigner()).address;
    const first = await instance.inject({ url: `/api/players/${newcomer}` });
    expect(first.statusCode).toBe(404);
    await game(newcomer, w.c, newcomer);
    const after = await instance.inject({ url: `/api/players/${newcomer}` });
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe(RANKINGS_HTTP_CACHE.player);
    const board = await instance.inject({ url: '/api/leaderboard' });
    expect(board.headers['cache-control']).toBe(RANKINGS_HTTP_CACHE.board);
    expect(`${after.headers['cache-control']} ${board.headers['cache-control']}`).not.toMatch(
      /public|max-age/,
    );
  });

  it('the boards read the paid-matches index and a player page an index on each player column', async () => {
    // Seeded tables are tiny, so the planner would scan them whole; with scans priced out, the plan shows
    // which indexes the queries can use.
    const plan = (query: ReturnType<typeof sql>) =>
      target.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const week = await plan(leaderboardSql({ since: weekStart(clock.now()), sort: 'net' }));
    expect(week).toContain('games_paid_ended_at_idx');
    // Either index led by the wallet serves the page: (wallet, created_at), or the search's own on the wallet
    // (on a tiny table the planner may take the smaller); what matters is that no side is read whole.
    const page = await plan(playerGamesSql(w.a));
    expect(page).toMatch(/Index (Only )?Scan using games_player1_(created_at|prefix)_idx/);
    expect(page).toMatch(/Index (Only )?Scan using games_player2_(created_at|prefix)_idx/);
    expect(page).not.toContain('Seq Scan');
  });
});
