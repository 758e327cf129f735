import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../common/clock.ts';
import { BAN_MESSAGES } from '../../common/protocol-texts.ts';
import type { Database } from '../db/database.ts';
import { bannedWallets, ipAddresses } from '../db/schema/index.ts';
import {
  actorDetails,
  actorText,
  type EventActor,
  recordSystemEvent,
} from '../operations-log/system-events.ts';
import { appendBanHistory } from './ban-history.ts';
import { endSessionsOf } from './player-sessions.ts';

/** SPEC §8 default ban messages: the client shows them too, so they live in common/. */
export { BAN_MESSAGES };

/** SPEC §3 "Ban status": what /api/ban-status answers and find-match checks first. */
export interface BanStatus {
  banned: boolean;
  walletBanned: boolean;
  ipBanned: boolean;
  message: string | null;
}

export type BanChange =
  | { kind: 'wallet'; walletAddress: string; banned: boolean }
  | { kind: 'ip'; ipAddress: string; banned: boolean };

/** Who acted (an admin's e-mail with their id, role and address, or 'system'), and why. */
export interface BanActor extends EventActor {
  reason: string;
}

/** The one system event each ban change writes, naming who, what, why and from which address. */
export const BAN_EVENT = {
  walletBanned: 'wallet_banned',
  walletUnbanned: 'wallet_unbanned',
  ipBanned: 'ip_banned',
  ipUnbanned: 'ip_unbanned',
} as const;

export interface Bans {
  status(walletAddress: string | null, ipAddress: string | null): Promise<BanStatus>;
  banWallet(walletAddress: string, actor: BanActor, ipAddressAtBan?: string | null): Promise<void>;
  unbanWallet(walletAddress: string, actor: BanActor): Promise<void>;
  banIp(ipAddress: string, actor: BanActor): Promise<void>;
  unbanIp(ipAddress: string, actor: BanActor): Promise<void>;
  /** Bans act live: the matchmaker listens and closes searches at once. */
  onChange(listener: (change: BanChange) => void): () => void;
}

export function createBans({ db, clock }: { db: Database; clock: Clock }): Bans {
  const listeners = new Set<(change: BanChange) => void>();
  const emit = (change: BanChange) => {
    for (const listener of listeners) listener(change);
  };
  const now = () => new Date(clock.now());

  return {
    async status(walletAddress, ipAddress) {
      const [walletRow] = walletAddress
        ? await db
            .select({ reason: bannedWallets.reason })
            .from(bannedWallets)
            .where(and(eq(bannedWallets.walletAddress, walletAddress), eq(bannedWallets.isBanned, true)))
        : [];
      const [ipRow] = ipAddress
        ? await db
            .select({ reason: ipAddresses.bannedReason })
            .from(ipAddresses)
            .where(and(eq(ipAddresses.ipAddress, ipAddress), eq(ipAddresses.isBanned, true)))
        : [];
      const walletBanned = Boolean(walletRow);
      const ipBanned = Boolean(ipRow);
      const message = walletBanned ? BAN_MESSAGES.wallet : ipBanned ? BAN_MESSAGES.ip : null;
      return { banned: walletBanned || ipBanned, walletBanned, ipBanned, message };
    },

    async banWallet(walletAddress, actor, ipAddressAtBan = null) {
      await db.transaction(async (tx) => {
        const at = now();
        await tx
          .insert(bannedWallets)
          .values({
            walletAddress,
            isBanned: true,
            bannedAt: at,
            bannedBy: actor.by,
            reason: actor.reason,
            ipAddressAtBan,
          })
          .onConflictDoUpdate({
            target: bannedWallets.walletAddress,
            set: {
              isBanned: true,
              bannedAt: at,
              bannedBy: actor.by,
              reason: actor.reason,
              ipAddressAtBan,
              unbannedAt: null,
              unbannedBy: null,
              unbannedReason: null,
            },
          });
        // A banned wallet keeps no session: none of its sockets can open again, nor a seat be taken back.
        const sessionsEnded = await endSessionsOf(tx, { walletAddress });
        await recordBanChange(
          tx,
          { kind: 'wallet', target: walletAddress, banned: true, actor, at },
          { sessionsEnded },
        );
      });
      emit({ kind: 'wallet', walletAddress, banned: true });
    },

    async unbanWallet(walletAddress, actor) {
      await db.transaction(async (tx) => {
        const at = now();
        const lifted = await tx
          .update(bannedWallets)
          .set({ isBanned: false, unbannedAt: at, unbannedBy: actor.by, unbannedReason: actor.reason })
          .where(and(eq(bannedWallets.walletAddress, walletAddress), eq(bannedWallets.isBanned, true)))
          .returning({ id: bannedWallets.id });
        // Nothing was banned: nothing changed, so nothing enters the history.
        if (lifted.length === 0) return;
        await recordBanChange(tx, { kind: 'wallet', target: walletAddress, banned: false, actor, at });
      });
      emit({ kind: 'wallet', walletAddress, banned: false });
    },

    async banIp(ipAddress, actor) {
      await setIpBan(db, ipAddress, actor, now(), true);
      emit({ kind: 'ip', ipAddress, banned: true });
    },

    async unbanIp(ipAddress, actor) {
      await setIpBan(db, ipAddress, actor, now(), false);
      emit({ kind: 'ip', ipAddress, banned: false });
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function setIpBan(db: Database, ipAddress: string, actor: BanActor, at: Date, banned: boolean) {
  await db.transaction(async (tx) => {
    if (banned) {
      const fields = { isBanned: true, bannedReason: actor.reason, bannedBy: actor.by, bannedAt: at };
      await tx
        .insert(ipAddresses)
        .values({ ipAddress, firstSeen: at, lastSeen: at, ...fields })
        .onConflictDoUpdate({ target: ipAddresses.ipAddress, set: fields });
    } else {
      const lifted = await tx
        .update(ipAddresses)
        .set({ isBanned: false })
        .where(and(eq(ipAddresses.ipAddress, ipAddress), eq(ipAddresses.isBanned, true)))
        .returning({ id: ipAddresses.id });
      // Nothing was banned: nothing changed, so nothing enters the history.
      if (lifted.length === 0) return;
    }
    // The sessions signed in from a banned address end with the ban, as a new sign-in from it is refused.
    const sessionsEnded = banned ? await endSessionsOf(tx, { ip: ipAddress }) : 0;
    await recordBanChange(tx, { kind: 'ip', target: ipAddress, banned, actor, at }, { sessionsEnded });
  });
}

interface RecordedBanChange {
  kind: 'wallet' | 'ip';
  target: string;
  banned: boolean;
  actor: BanActor;
  at: Date;
}

/**
 * What every ban change leaves, in its own transaction: one line of history (who, when, why, from where) and
 * one system event naming the same, with the admin's id and role when an admin acted (so the admin routes
 * record nothing besides). A ban is a warning to review; an unban is informational.
 */
async function recordBanChange(tx: Database, change: RecordedBanChange, extra: Record<string, unknown> = {}) {
  const { kind, target, banned, actor, at } = change;
  const action = banned ? 'ban' : 'unban';
  await appendBanHistory(tx, { kind, target, action, actor, reason: actor.reason, at });
  const noun = kind === 'wallet' ? 'Wallet' : 'IP';
  const did = banned ? 'banned' : 'unbanned';
  await recordSystemEvent(tx, {
    severity: banned ? 'warning' : 'other',
    eventType: `${kind}_${did}` satisfies (typeof BAN_EVENT)[keyof typeof BAN_EVENT],
    message: `${noun} ${target} ${did} ${actorText(actor)}: ${actor.reason}`,
    details: {
      action: `${action}_${kind}`,
      [kind === 'wallet' ? 'walletAddress' : 'ipAddress']: target,
      ...actorDetails(actor),
      reason: actor.reason,
      at: at.toISOString(),
      ...extra,
    },
  });
}

/** True when a change concerns this player. */
export function banChangeConcerns(change: BanChange, walletAddress: string | null, ipAddress: string | null) {
  return change.kind === 'wallet' ? change.walletAddress === walletAddress : change.ipAddress === ipAddress;
}
