import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  expectPgError,
  uniqueSignature,
  uniqueWallet,
} from '../../../test/support/database-bed.ts';
import type { Database } from './database.ts';
import { PG_ERROR } from './pg-errors.ts';
import { payoutJobs, transactions, walletAnalytics } from './schema/index.ts';

const ABOVE_2_POW_53 = 2n ** 53n + 1n;
const MAX_BIGINT = 2n ** 63n - 1n;

/** Pending jobs with distinct due times, so "next due" has one answer. Returns their ids, earliest first. */
async function insertDueJobs(db: Database, count: number): Promise<string[]> {
  const base = Date.now() - 60_000;
  const rows = await db
    .insert(payoutJobs)
    .values(
      Array.from({ length: count }, (_, i) => ({
        kind: 'refund' as const,
        idempotencyKey: randomUUID(),
        walletAddress: uniqueWallet(),
        amountLamports: 24_250_000n,
        queueSessionId: null,
        gameId: randomUUID(),
        nextAttemptAt: new Date(base + i * 1000),
      })),
    )
    .returning({ id: payoutJobs.id, nextAttemptAt: payoutJobs.nextAttemptAt });
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime()).map((row) => row.id);
}

/** The worker's claim: the next due pending job that no other transaction holds, locked for this one. */
async function lockNextDueJob(db: Database, among: string[]): Promise<string | undefined> {
  const [job] = await db
    .select({ id: payoutJobs.id })
    .from(payoutJobs)
    .where(
      and(
        eq(payoutJobs.status, 'pending'),
        lte(payoutJobs.nextAttemptAt, new Date()),
        inArray(payoutJobs.id, among),
      ),
    )
    .orderBy(asc(payoutJobs.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return job?.id;
}

/** Claims and marks the job processing in one transaction, as a worker does before signing. */
function claimJob(db: Database, worker: string, among: string[]): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const id = await lockNextDueJob(tx, among);
    if (id === undefined) return undefined;
    await tx
      .update(payoutJobs)
      .set({
        status: 'processing',
        lockedBy: worker,
        lockedAt: new Date(),
        attempts: sql`${payoutJobs.attempts} + 1`,
      })
      .where(eq(payoutJobs.id, id));
    return id;
  });
}

describeEachDatabase('money columns and payout jobs', (target) => {
  it('a lamport amount above 2^53 round-trips exactly as a bigint', async () => {
    const wallet = uniqueWallet();
    await target.db.insert(transactions).values([
      {
        type: 'winner_payout',
        walletAddress: wallet,
        amountLamports: ABOVE_2_POW_53,
        transactionSignature: null,
      },
      {
        type: 'winner_payout',
        walletAddress: wallet,
        amountLamports: MAX_BIGINT,
        transactionSignature: null,
      },
    ]);
    const rows = await target.db
      .select({ amount: transactions.amountLamports })
      .from(transactions)
      .where(eq(transactions.walletAddress, wallet))
      .orderBy(asc(transactions.amountLamports));
    expect(rows.map((row) => row.amount)).toEqual([ABOVE_2_POW_53, MAX_BIGINT]);
    expect(typeof rows[0]!.amount).toBe('bigint');

    // Sums are computed by the database in numeric, so they stay exact too.
    const [sum] = await target.db
      .select({ total: sql<string>`sum(${transactions.amountLamports})::text` })
      .from(transactions)
      .where(eq(transactions.walletAddress, wallet));
    expect(BigInt(sum!.total)).toBe(ABOVE_2_POW_53 + MAX_BIGINT);
  });

  it('signed lamport totals (profit and loss) keep their sign', async () => {
    const wallet = uniqueWallet();
    await target.db
      .insert(walletAnalytics)
      .values({ walletAddress: wallet, profitLossLamports: -ABOVE_2_POW_53 });
    const [row] = await target.db
      .select()
      .from(walletAnalytics)
      .where(eq(walletAnalytics.walletAddress, wallet));
    expect(row!.profitLossLamports).toBe(-ABOVE_2_POW_53);
    expect(row!.totalWageredLamports).toBe(0n);
  });

  it('transaction: an amount is never negative; the type gives the direction', async () => {
    await expectPgError(
      target.db
        .insert(transactions)
        .values({ type: 'refund', walletAddress: uniqueWallet(), amountLamports: -1n }),
      PG_ERROR.checkViolation,
      'transactions_amount_not_negative',
    );
  });

  it('transaction: a refund percentage lies between 0 and 100', async () => {
    await expectPgError(
      target.db
        .insert(transactions)
        .values({ type: 'refund', walletAddress: uniqueWallet(), amountLamports: 1n, refundPercentage: 101 }),
      PG_ERROR.checkViolation,
      'transactions_refund_percentage_range',
    );
  });

  it('a payout job owes a positive amount to a game or queue entry', async () => {
    const job = {
      kind: 'winner_payout',
      idempotencyKey: randomUUID(),
      walletAddress: uniqueWallet(),
      amountLamports: 150_000_000n,
      gameId: randomUUID(),
    } as const;
    await expectPgError(
      target.db.insert(payoutJobs).values({ ...job, amountLamports: 0n }),
      PG_ERROR.checkViolation,
      'payout_jobs_amount_positive',
    );
    await expectPgError(
      target.db.insert(payoutJobs).values({ ...job, gameId: null }),
      PG_ERROR.checkViolation,
      'payout_jobs_owner_present',
    );
  });

  it('a job is not sent without a stored signature, signed bytes and last valid block height', async () => {
    const [job] = await target.db
      .insert(payoutJobs)
      .values({
        kind: 'winner_payout',
        idempotencyKey: randomUUID(),
        walletAddress: uniqueWallet(),
        amountLamports: 150_000_000n,
        gameId: randomUUID(),
      })
      .returning({ id: payoutJobs.id });
    const update = (values: Partial<typeof payoutJobs.$inferInsert>) =>
      target.db.update(payoutJobs).set(values).where(eq(payoutJobs.id, job!.id));

    await expectPgError(
      update({ status: 'sent' }),
      PG_ERROR.checkViolation,
      'payout_jobs_sent_has_signature',
    );
    await expectPgError(
      update({ signature: uniqueSignature() }),
      PG_ERROR.checkViolation,
      'payout_jobs_signature_has_bytes',
    );
    await update({
      signature: uniqueSignature(),
      signedTransaction: 'AQIDBA==',
      lastValidBlockHeight: ABOVE_2_POW_53,
      status: 'sent',
    });
    const [row] = await target.db.select().from(payoutJobs).where(eq(payoutJobs.id, job!.id));
    expect(row).toMatchObject({
      status: 'sent',
      signedTransaction: 'AQIDBA==',
      lastValidBlockHeight: ABOVE_2_POW_53,
    });
  });

  it('claimed jobs are handed out once each, in due order, until none is left', async () => {
    const ids = await insertDueJobs(target.db, 2);
    expect(await claimJob(target.db, 'worker-a', ids)).toBe(ids[0]);
    expect(await claimJob(target.db, 'worker-b', ids)).toBe(ids[1]);
    expect(await claimJob(target.db, 'worker-a', ids)).toBeUndefined();

    const rows = await target.db.select().from(payoutJobs).where(inArray(payoutJobs.id, ids));
    expect(rows.map((row) => [row.id, row.status, row.lockedBy, row.attempts]).sort()).toEqual(
      [
        [ids[0], 'processing', 'worker-a', 1],
        [ids[1], 'processing', 'worker-b', 1],
      ].sort(),
    );
  });

  if (target.kind === 'postgres') {
    it('FOR UPDATE SKIP LOCKED lets a second transaction skip a job another holds', async () => {
      const ids = await insertDueJobs(target.db, 2);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let firstLocked: string | undefined;
      let reportLocked!: () => void;
      const locked = new Promise<void>((resolve) => {
        reportLocked = resolve;
      });

      // Worker A locks the first job and keeps its transaction open on one pool connection…
      const workerA = target.db.transaction(async (tx) => {
        firstLocked = await lockNextDueJob(tx, ids);
        reportLocked();
        await held;
      });
      await Promise.race([locked, workerA]);
      try {
        // …so the lock is real: waiting for it is refused outright…
        await expectPgError(
          target.db.execute(sql`SELECT id FROM payout_jobs WHERE id = ${ids[0]} FOR UPDATE NOWAIT`),
          '55P03',
        );
        // …and worker B, on another connection, skips it and gets the next one.
        const secondLocked = await target.db.transaction((tx) => lockNextDueJob(tx, ids));
        expect(firstLocked).toBe(ids[0]);
        expect(secondLocked).toBe(ids[1]);
      } finally {
        release();
        await workerA;
      }
    });
  }
});
