import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  type DatabaseUnderTest,
  describeEachDatabase,
  uniqueSignature,
  uniqueWallet,
} from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import type { Database } from '../db/database.ts';
import { gameSessions, payoutJobs, queueSessions, transactions } from '../db/schema/index.ts';
import { createMatchMoney } from '../ledger/match-money.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import type { PaidEntry, QueuePlayer } from './matchmaker.ts';
import { recordMatchStart } from './store/match-recorder.ts';
import { createDrizzleMatchmaker } from './test-support/drizzle-matchmaker.ts';

const WAGER = getGameMode('tiny_tuna').wagerLamports;
const money = createMatchMoney({ houseWallet: uniqueWallet() });

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

/** A verified entry fee as the ledger holds it (the verifier's part is proven in entry-verifier.test.ts). */
async function paidEntry(db: Database, walletAddress: string): Promise<PaidEntry> {
  const signature = uniqueSignature();
  const [row] = await db
    .insert(transactions)
    .values({
      type: 'entry_fee',
      walletAddress,
      amountLamports: WAGER,
      status: 'confirmed',
      transactionSignature: signature,
    })
    .returning({ id: transactions.id });
  return { transactionId: row!.id, signature, lamports: WAGER };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * On PostgreSQL, waits until a transaction is blocked on a row lock: the second of two racing writes has
 * reached the row the first holds. PGlite runs one transaction at a time, so the second simply waits.
 */
async function secondWaitsForTheRow(target: DatabaseUnderTest): Promise<void> {
  if (target.kind !== 'postgres') return;
  for (let poll = 0; poll < 500; poll++) {
    const { rows } = await target.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
  }
  throw new Error('the second transaction never reached the row the first one holds');
}

describeEachDatabase('matchmaking queue', (target) => {
  it('an entry is a persisted active queue session with its position', async () => {
    const mm = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
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

  it('two sockets of one wallet still make one queue entry', async () => {
    const mm = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
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
    const a = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
    const b = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
    expect((await a.join(player(wallet), 'tiny_tuna', null)).ok).toBe(true);
    expect(await b.join(player(wallet), 'practice', null)).toEqual({
      ok: false,
      reason: 'already_searching',
    });
  });

  it('pairs first come, first served, and marks both entries matched to the game', async () => {
    const mm = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
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
    const mm = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
    await mm.join(player(), 'practice', null);
    await mm.join(player(), 'tiny_tuna', null);
    expect(await mm.pair('practice', randomUUID())).toBeNull();
  });

  it.each(['the cancel', 'the match'] as const)(
    'a cancel racing a match on a paid search, %s committing first, gives a refund or a match, never both',
    async (first) => {
      const db = target.db;
      const clock = createFakeClock();
      const mm = createDrizzleMatchmaker({ db, clock });
      const [a, b] = [player(), player()];
      const ea = await mm.join(a, 'tiny_tuna', await paidEntry(db, a.walletAddress));
      const eb = await mm.join(b, 'tiny_tuna', await paidEntry(db, b.walletAddress));
      if (!ea.ok || !eb.ok) throw new Error('join failed');
      clock.advance(CANCEL_WAIT_MS);
      const gameId = randomUUID();

      // The first one holds its transaction open, its row written but not committed, until the second one
      // has started against the same row (on PostgreSQL: until it waits for that row's lock).
      const holding = deferred();
      const go = deferred();
      const hold = async () => {
        holding.resolve();
        await go.promise;
      };
      const cancel = () =>
        mm.close(ea.entry.id, 'cancelled', async (tx, entry) => {
          await money.entryClosed(tx, entry, 'player_cancel', new Date(clock.now()));
          if (first === 'the cancel') await hold();
        });
      const match = () =>
        mm.pair('tiny_tuna', gameId, {
          started: async (tx, entries) => {
            await recordMatchStart(tx, { id: gameId, entries, seedHash: 'h', startedAt: clock.now() });
            if (first === 'the match') await hold();
          },
        });
      const [cancelling, pairing] =
        first === 'the cancel'
          ? [cancel(), holding.promise.then(match)]
          : [holding.promise.then(cancel), match()];
      await holding.promise;
      await secondWaitsForTheRow(target);
      go.resolve();
      const [cancelled, pair] = await Promise.all([cancelling, pairing]);

      const [row] = await db.select().from(queueSessions).where(eq(queueSessions.id, ea.entry.id));
      const refunds = await db.select().from(payoutJobs).where(eq(payoutJobs.walletAddress, a.walletAddress));
      const games = await db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
      if (first === 'the cancel') {
        expect(cancelled?.id).toBe(ea.entry.id);
        expect(pair).toBeNull();
        expect(row?.status).toBe('cancelled');
        expect(refunds.map((j) => [j.kind, j.amountLamports])).toEqual([['refund', (WAGER * 97n) / 100n]]);
        expect(games).toEqual([]);
        // The other player is still searching, first in line.
        expect(mm.entryOf(b.walletAddress)?.id).toBe(eb.entry.id);
        expect(mm.lengths().tiny_tuna).toBe(1);
      } else {
        expect(cancelled).toBeNull();
        expect(pair?.map((e) => e.id)).toEqual([ea.entry.id, eb.entry.id]);
        expect(row?.status).toBe('matched');
        expect(refunds).toEqual([]);
        expect(games.map((g) => g.status)).toEqual(['playing']);
        expect(mm.entryOf(a.walletAddress)).toBeUndefined();
      }
      // Every entry fee is in play or accounted for to the lamport: never refunded and matched at once.
      expect(await checkLedgerBalance(db)).toEqual([]);
      // Leave nothing searching for the next round.
      if (first === 'the cancel') {
        await mm.close(eb.entry.id, 'cancelled', (tx, entry) =>
          money.entryClosed(tx, entry, 'player_cancel', new Date(clock.now())),
        );
      }
    },
  );

  it('a closed entry cannot be closed twice', async () => {
    const mm = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
    const joined = await mm.join(player(), 'practice', null);
    if (!joined.ok) throw new Error('join failed');
    expect(await mm.close(joined.entry.id, 'cancelled')).not.toBeNull();
    expect(await mm.close(joined.entry.id, 'cancelled')).toBeNull();
  });

  it('entries left active by a previous run are closed on start, never forgotten', async () => {
    const before = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
    const p = player();
    await before.join(p, 'practice', null);
    const after = createDrizzleMatchmaker({ db: target.db, clock: createFakeClock() });
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
