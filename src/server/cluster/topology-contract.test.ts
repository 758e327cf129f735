import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { until } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import type { ServerMessage, ServerMessageOf } from '../../common/protocol.ts';
import { walletAnalytics } from '../admin/analytics/refresh-wallet-analytics.ts';
import { queueSessions } from '../db/schema/index.ts';
import { createEntryGate } from '../entry-gate.ts';
import { createGameServer, type GameServer, type PlayerLink } from '../game/game-server.ts';
import { createDrizzleGameStore } from '../game/store/drizzle-game-store.ts';
import type { NodeActs, Topology } from '../game/topology.ts';
import type { MovementNotice } from '../ledger/money-notice.ts';
import type { BanChange } from '../security/bans.ts';
import { createBans } from '../security/bans.ts';
import type { PlayerSession } from '../security/player-sessions.ts';
import { describeEachTopology } from './test-support/topology-bed.ts';

type Link = PlayerLink & {
  sent: ServerMessage[];
  of<T extends ServerMessage['type']>(type: T): ServerMessageOf<T>[];
};

function link(): Link {
  const sent: ServerMessage[] = [];
  const wallet = `W${randomUUID().replaceAll('-', '')}`;
  return {
    id: randomUUID(),
    playerSessionId: randomUUID(),
    walletAddress: wallet,
    displayName: `Player-${wallet.slice(1, 5)}`,
    ip: '198.51.100.9',
    userAgent: 'test',
    sent,
    send: (message) => sent.push(message),
    sendError: (message, code) => sent.push({ type: 'error', data: { message, ...(code ? { code } : {}) } }),
    of: <T extends ServerMessage['type']>(type: T) =>
      sent.filter((m): m is ServerMessageOf<T> => m.type === type),
  };
}

/** What a node's own acts received from the bus. */
function recordingActs() {
  const got = {
    bans: [] as BanChange[],
    signOuts: [] as PlayerSession[],
    notices: [] as MovementNotice[],
    protections: [] as string[],
  };
  const acts: NodeActs<MovementNotice> = {
    ban: (change) => got.bans.push(change),
    signOut: (ended) => got.signOuts.push(ended),
    notice: (notice) => got.notices.push(notice),
    protection: (walletAddress) => got.protections.push(walletAddress),
  };
  return { got, acts };
}

/**
 * The topology port's contract (game/topology.ts): whatever surrounds a node, alone or one of several on
 * Redis and the database, it gives the game server the same queue, peers, bus, view of elsewhere and
 * lifecycle. Each rule below holds for both implementations.
 */
describeEachTopology('a node’s topology keeps its contract', (target) => {
  const clock = createFakeClock(Date.now());

  const node = async (nodeId = `node-${randomUUID().slice(0, 8)}`) => {
    const topology = await target.open(nodeId, clock);
    const game: GameServer = createGameServer({
      store: createDrizzleGameStore({ db: target.database.db, clock }),
      entryGate: createEntryGate({
        db: target.database.db,
        bans: createBans({ db: target.database.db, clock }),
      }),
      clock,
      analytics: walletAnalytics,
      topology,
      countdownSeconds: 0,
      leadInSeconds: 0,
    });
    await game.recoverAfterRestart(topology.startupScope);
    const recorded = recordingActs();
    return { topology, game, ...recorded, nodeId };
  };
  const start = async (n: {
    topology: Topology<MovementNotice>;
    game: GameServer;
    acts: NodeActs<MovementNotice>;
  }) => n.topology.start({ game: n.game, playersHere: () => 0, acts: n.acts });

  it('two searches a node holds are paired into a match there; `matched` names the node only where several serve', async () => {
    const n = await node();
    await start(n);
    const [first, second] = [link(), link()];
    await n.game.handle(first, { type: 'findMatch', gameMode: 'practice' });
    expect(n.game.queueLengths().practice).toBe(1);
    await n.game.handle(second, { type: 'findMatch', gameMode: 'practice' });
    expect(first.of('matched')).toHaveLength(1);
    expect(second.of('matched')).toHaveLength(1);
    expect(first.of('matched')[0]!.node).toBe(n.topology.withNode({}).node);
    expect(n.game.matches()).toHaveLength(1);
    // Neither search is waiting any more (the shared queue's lengths are read again every second).
    expect(n.topology.matchmaker.entryOf(first.walletAddress!)).toBeUndefined();
    expect(n.topology.matchmaker.entryOf(second.walletAddress!)).toBeUndefined();
  });

  it('a ban, a sign-out and a wallet notice published on the bus reach this node’s own acts, once each', async () => {
    const n = await node();
    await start(n);
    const ban: BanChange = { kind: 'wallet', walletAddress: 'W-banned', banned: true };
    const ended: PlayerSession = { sessionId: 'session-ended', walletAddress: 'W-out' };
    const notice: MovementNotice = {
      id: randomUUID(),
      type: 'refund',
      walletAddress: 'W-told',
      amountLamports: 1n,
      status: 'confirmed',
      signature: null,
      createdAt: new Date(clock.now()),
    };
    n.topology.bus.banChanged(ban);
    n.topology.bus.signedOut(ended);
    n.topology.bus.notify(notice);
    await until(() => n.got.bans.length + n.got.signOuts.length + n.got.notices.length === 3, {
      what: 'the three messages are acted on',
      timeoutMs: 3_000,
      intervalMs: 10,
    });
    expect(n.got.bans).toEqual([ban]);
    expect(n.got.signOuts).toEqual([ended]);
    expect(n.got.notices.map((m) => [m.id, m.walletAddress])).toEqual([[notice.id, notice.walletAddress]]);
  });

  it('a player’s protection change published on the bus reaches this node’s own acts, once', async () => {
    const n = await node();
    await start(n);
    const wallet = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    n.topology.bus.protectionChanged(wallet);
    await until(() => n.got.protections.length > 0, {
      what: 'the change is acted on',
      timeoutMs: 3_000,
      intervalMs: 10,
    });
    expect(n.got.protections).toEqual([wallet]);
  });

  it('a search this node holds is never handed off; a wallet with nothing elsewhere has no move waiting and plays nowhere', async () => {
    const n = await node();
    await start(n);
    const searching = link();
    await n.game.handle(searching, { type: 'findMatch', gameMode: 'practice' });
    const entry = n.topology.matchmaker.entryOf(searching.walletAddress!);
    expect(entry).toBeDefined();
    const matched: ServerMessageOf<'matched'> = {
      type: 'matched',
      gameId: randomUUID(),
      playerIndex: 0,
      data: { opponentName: 'Other', gameMode: 'practice', seedHash: 'ab'.repeat(32), countdownTime: 0 },
    };
    expect(n.topology.peers.handOff(entry!, matched)).toBe(false);
    expect(await n.topology.peers.waitingMove(searching.walletAddress!)).toBeNull();
    expect(await n.topology.peers.playing(searching.walletAddress!)).toBe(false);
  });

  it('a node alone in its topology sees no players and no matches elsewhere', async () => {
    const n = await node();
    await start(n);
    expect(n.topology.elsewhere.players()).toBe(0);
    expect(n.topology.elsewhere.matches()).toBe(0);
  });

  it('a node started again under its name settles, at its start, the search its previous run left open', async () => {
    const nodeId = `node-${randomUUID().slice(0, 8)}`;
    const before = await node(nodeId);
    const searching = link();
    await before.game.handle(searching, { type: 'findMatch', gameMode: 'practice' });
    // The process ends without its stop's settlement (a crash): the search's row stays open.
    await before.topology.stop();
    const rows = () =>
      target.database.db
        .select({ status: queueSessions.status })
        .from(queueSessions)
        .where(eq(queueSessions.walletAddress, searching.walletAddress!));
    expect((await rows()).map((r) => r.status)).toEqual(['active']);

    await node(nodeId);
    expect((await rows()).map((r) => r.status)).not.toContain('active');
  });

  it('with no match under way, a drain ends at once; a stop may be called twice', async () => {
    const n = await node();
    await start(n);
    await n.topology.drain();
    await n.topology.quiesce();
    await n.game.shutdown();
    await n.topology.stop();
    await n.topology.stop();
  });
});
