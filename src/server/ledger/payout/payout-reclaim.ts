import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { payoutJobs } from '../../db/schema/index.ts';

/**
 * Claims an earlier process of this node left behind. A claim owner is
 * `<nodeId>:<process>` (see PayoutWorkerOptions.nodeId); a process of the node that starts now has replaced
 * every earlier one, so their claims belong to the dead. Waiting out their lease (60 s, as long as a
 * blockhash lives) would let a stored transfer expire and be signed anew; released now, the job is due at
 * once and its stored bytes are looked up and re-sent while still valid. Claims of other nodes are left to
 * their lease: those processes may be alive (several nodes on one database).
 */
export async function releaseEarlierClaims(
  db: Database,
  owner: { nodeId: string; workerId: string },
): Promise<string[]> {
  const rows = await db
    .update(payoutJobs)
    .set({
      // As releaseJob: a job with a stored signature is 'sent', one without is back to 'pending'.
      status: sql`CASE WHEN ${payoutJobs.signature} IS NULL THEN 'pending'::payout_job_status ELSE 'sent'::payout_job_status END`,
      lockedBy: null,
      lockedAt: null,
    })
    .where(
      and(
        isNotNull(payoutJobs.lockedBy),
        sql`starts_with(${payoutJobs.lockedBy}, ${`${owner.nodeId}:`})`,
        ne(payoutJobs.lockedBy, owner.workerId),
        inArray(payoutJobs.status, ['pending', 'processing', 'sent']),
      ),
    )
    .returning({ id: payoutJobs.id });
  return rows.map((row) => row.id);
}
