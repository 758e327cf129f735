import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/db-harness.ts';
import { createFakeClock } from '../../common/clock.ts';
import { queueSessions } from '../db/schema/index.ts';
import { createMatchmaker, type QueuePlayer } from './matchmaker.ts';

function player(wallet = uniqueWallet()): QueuePlayer {
  return {
    linkId: randomUUID(),
    playerSessionId: randomUUID(),
    walletAddress: wallet,
    displayName: `Player-${wallet.slice(0, 4)}`,
    ip: '198.51.100.7',
    userAgent: 'test',
  };
}

describeEachDatabase('§4 matchmaking queue', (target) => {
  it('an entry is a persisted active queue session with its position', async () => {
    const mm = createMatchmaker({ db: target.db, clock: createFakeClock() });
    const p = player();
    const joined = await mm.join(p, 'practice', null);
    expect(joined).toMatchObject({ ok: true, position: 1 });
    const [row] = await target.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.walletAddress, p.walletAddress));
    expect(row).toMatchObject({ status: 'active', gameMode: 'practice', ipAddress: '198.51.100.7' });
    expect(mm.lengths().practice).toBe(1);
  });

  it('RELIABILITY 24: two sockets of one wallet still make one queue entry', async () => {
    const mm = createMatchmaker({ db: target.db, clock: createFakeClock() });
    const wallet = uniqueWallet();
    const results = await Promise.all([
      mm.join(player(wallet), 'practice', null),
      mm.join(player(wallet), 'practice', null),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)[0]).toEqual({ ok: false, reason: 'already_searching' });
    const rows = await target.db.select().from(queueSessions).where(eq(queueSessions.walletAddress, wallet));
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
  });

  it('a second server process (another matchmaker on the same database) cannot add a second entry', async () => {
    const wallet = uniqueWallet();
    const a = createMatchmaker({ db: target.db, clock: createFakeClock() });
    const b = createMatchmaker({ db: target.db, clock: createFakeClock() });
    expect((await a.join(player(wallet), 'tiny_tuna', null)).ok).toBe(true);
    expect(await b.join(player(wallet), 'practice', null)).toEqual({
      ok: false,
      reason: 'already_searching',
    });
  });

  it('pairs first come, first served, and marks both entries matched to the game', async () => {
    const mm = createMatchmaker({ db: target.db, clock: createFakeClock() });
    const [a, b, c] = [player(), player(), player()];
    for (const p of [a, b, c]) await mm.join(p, 'practice', null);
    const gameId = randomUUID();
    const pair = await mm.pair('practice', gameId);
    expect(pair?.map((e) => e.player.walletAddress)).toEqual([a.walletAddress, b.walletAddress]);
    const rows = await target.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.resultingGameId, gameId));
    expect(rows.map((r) => r.status)).toEqual(['matched', 'matched']);
    expect(mm.lengths().practice).toBe(1);
    expect(await mm.pair('practice', randomUUID())).toBeNull();
  });

  it('never pairs across modes', async () => {
    const mm = createMatchmaker({ db: target.db, clock: createFakeClock() });
    await mm.join(player(), 'practice', null);
    await mm.join(player(), 'tiny_tuna', null);
    expect(await mm.pair('practice', randomUUID())).toBeNull();
  });

  it('RELIABILITY 14: a cancel racing a match gives exactly one of the two outcomes', async () => {
    for (let round = 0; round < 5; round++) {
      const mm = createMatchmaker({ db: target.db, clock: createFakeClock() });
      const [a, b] = [player(), player()];
      const ea = await mm.join(a, 'practice', null);
      await mm.join(b, 'practice', null);
      if (!ea.ok) throw new Error('join failed');
      const [cancelled, pair] = await Promise.all([
        mm.close(ea.entry.id, 'cancelled'),
        mm.pair('practice', randomUUID()),
      ]);
      const [row] = await target.db.select().from(queueSessions).where(eq(queueSessions.id, ea.entry.id));
      if (cancelled) {
        expect(pair).toBeNull();
        expect(row?.status).toBe('cancelled');
      } else {
        expect(pair).not.toBeNull();
        expect(row?.status).toBe('matched');
      }
    }
  });

  it('a closed entry cannot be closed twice', async () => {
    const mm = createMatchmaker({ db: target.db, clock: createFakeClock() });
    const joined = await mm.join(player(), 'practice', null);
    if (!joined.ok) throw new Error('join failed');
    expect(await mm.close(joined.entry.id, 'cancelled')).not.toBeNull();
    expect(await mm.close(joined.entry.id, 'cancelled')).toBeNull();
  });

  it('entries left active by a previous run are closed on start, never forgotten', async () => {
    const before = createMatchmaker({ db: target.db, clock: createFakeClock() });
    const p = player();
    await before.join(p, 'practice', null);
    const after = createMatchmaker({ db: target.db, clock: createFakeClock() });
    const orphans = await after.closeOrphans();
    expect(orphans.map((o) => o.walletAddress)).toContain(p.walletAddress);
    const [row] = await target.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.walletAddress, p.walletAddress));
    expect(row?.status).toBe('error');
    expect(row?.metadata).toMatchObject({ closedBy: 'restart' });
  });
});
