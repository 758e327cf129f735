import type { BanHistoryAction, BanTargetKind } from '../../common/api/ban-history-api.ts';
import type { Database } from '../db/database.ts';
import { banHistory } from '../db/schema/index.ts';
import type { EventActor } from '../operations-log/system-events.ts';

export interface BanHistoryEntry {
  kind: BanTargetKind;
  target: string;
  action: BanHistoryAction;
  actor: EventActor;
  reason: string | null;
  at: Date;
}

/**
 * Appends one ban or unban to the history. Called only inside the transaction that changes the ban
 * (bans.ts), so the history holds every change the current state went through, and nothing else.
 */
export async function appendBanHistory(tx: Database, entry: BanHistoryEntry): Promise<void> {
  await tx.insert(banHistory).values({
    targetKind: entry.kind,
    target: entry.target,
    action: entry.action,
    by: entry.actor.by,
    reason: entry.reason,
    at: entry.at,
    actorIp: entry.actor.ip ?? null,
  });
}
