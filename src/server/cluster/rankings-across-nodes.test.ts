import { randomUUID } from 'node:crypto';
import { generateKeyPairSigner } from '@solana/kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { deleteRedisKeys } from '../../../test/cluster/redis-prefix-cleanup.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { games } from '../db/schema/index.ts';
import { RANKINGS_HTTP_CACHE, registerRankingsRoutes } from '../http/rankings-routes.ts';
import { createPlayerSessions, PLAYER_SESSION_COOKIE } from '../security/player-sessions.ts';
import { type ClusterNode, startClusterNode } from './cluster-node.ts';
import { clusterRankingsChanges } from './cluster-rankings-changes.ts';
import { TEST_REDIS_URL } from './test-support/two-node-beds.ts';

const SHRIMP = getGameMode('smol_shrimp');

/**
 * RELIABILITY 45 in cluster mode: a player who hides through one node is gone at once from the pages and
 * boards of every node, not after the other nodes' cache time; nothing tells a browser or a proxy to keep
 * them either. The fake clock never moves here, so only the bus message can empty node-b's cache.
 */
describeEachDatabase('cluster mode: a player hidden through one node', (target) => {
  const clock = createFakeClock();
  const started: Array<{ node: ClusterNode; app: FastifyInstance }> = [];
  let prefix = '';

  afterEach(async () => {
    for (const { node, app } of started.splice(0)) {
      await app.close();
      await node.stop();
    }
    if (prefix) await deleteRedisKeys(TEST_REDIS_URL, prefix);
    prefix = '';
  });

  const twoNodes = async () => {
    prefix = `test-rankings-${randomUUID()}`;
    const apps: FastifyInstance[] = [];
    for (const nodeId of ['node-a', 'node-b']) {
      const node = await startClusterNode({
        redisUrl: TEST_REDIS_URL,
        keyPrefix: prefix,
        nodeId,
        clock,
        log: () => {},
      });
      const app = Fastify();
      registerRankingsRoutes(app, {
        db: target.db,
        clock,
        playerSessions: createPlayerSessions({ db: target.db, clock }),
        changes: clusterRankingsChanges({ pubsub: node.pubsub, log: () => {} }),
      });
      await app.ready();
      started.push({ node, app });
      apps.push(app);
    }
    return { a: apps[0]!, b: apps[1]! };
  };

  const finishedMatch = async (winner: string, loser: string) => {
    const at = new Date(clock.now() - 60_000);
    await target.db.insert(games).values({
      mode: SHRIMP.id,
      state: 'gameOver',
      player1Wallet: winner,
      player2Wallet: loser,
      createdAt: at,
      startedAt: at,
      endedAt: at,
      winner,
      player1Score: 11,
      player2Score: 4,
      finalScore: '11-4',
      completionStatus: 'completed',
      entryFeeLamports: SHRIMP.wagerLamports,
      winnerPayoutLamports: SHRIMP.winLamports,
    });
  };

  let reader = 0;
  const shown = async (app: FastifyInstance, wallet: string) => {
    // Each look from an address of its own: the polling below is not a flood of one reader's.
    reader += 1;
    const remoteAddress = `10.0.${reader >> 8}.${reader & 255}`;
    const page = await app.inject({ url: `/api/players/${wallet}`, remoteAddress });
    const board = await app.inject({ url: '/api/leaderboard?period=all&sort=wins', remoteAddress });
    expect(board.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(RANKINGS_HTTP_CACHE.player);
    expect(board.headers['cache-control']).toBe(RANKINGS_HTTP_CACHE.board);
    const onBoard = board.json().rows.some((r: { walletAddress: string }) => r.walletAddress === wallet);
    return { page: page.statusCode, onBoard };
  };

  it('its page and its rows are gone at once from both nodes, and back on both when shown again', async () => {
    const { a, b } = await twoNodes();
    const player = (await generateKeyPairSigner()).address;
    const other = (await generateKeyPairSigner()).address;
    await finishedMatch(player, other);
    // Both nodes have read (and cached) the page and the board.
    expect(await shown(a, player)).toEqual({ page: 200, onBoard: true });
    expect(await shown(b, player)).toEqual({ page: 200, onBoard: true });

    const { token } = await createPlayerSessions({ db: target.db, clock }).start({
      walletAddress: player,
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    const choose = async (hidden: boolean) => {
      const res = await a.inject({
        method: 'PUT',
        url: '/api/player/visibility',
        payload: { hidden },
        headers: { cookie: `${PLAYER_SESSION_COOKIE}=${token}` },
      });
      expect(res.json()).toEqual({ walletAddress: player, hidden });
    };

    await choose(true);
    expect(await shown(a, player)).toEqual({ page: 404, onBoard: false });
    await until(
      async () => JSON.stringify(await shown(b, player)) === JSON.stringify({ page: 404, onBoard: false }),
      { what: 'node-b stops showing the hidden player', intervalMs: 25 },
    );

    await choose(false);
    expect(await shown(a, player)).toEqual({ page: 200, onBoard: true });
    await until(
      async () => JSON.stringify(await shown(b, player)) === JSON.stringify({ page: 200, onBoard: true }),
      { what: 'node-b shows the player again', intervalMs: 25 },
    );
  });
});
