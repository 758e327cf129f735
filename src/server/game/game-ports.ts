import type { GameModeId } from '../../common/game-modes.ts';
import type { ClientMessage, ErrorCode, ServerMessage } from '../../common/protocol.ts';
import type { PaidEntry, QueueEntry } from './queue-entry.ts';
import type { ResultHook } from './store/match-recorder.ts';
import type { StoreTx } from './store/store-tx.ts';

/**
 * What the game layer needs from outside it, as narrow interfaces (STYLE.md 6): a player's link (the
 * gateway's socket, seen without its socket API), the entry-fee verifier and the money side (the ledger).
 */

/** A player's socket as the game layer sees it: who it is proven to be and how to reach it; no socket API. */
export interface PlayerLink {
  readonly id: string;
  readonly playerSessionId: string | null;
  readonly walletAddress: string | null;
  readonly displayName: string;
  readonly ip: string | null;
  readonly userAgent: string | null;
  send(message: ServerMessage): void;
  sendError(message: string, code?: ErrorCode): void;
  /** The socket's measured quality (SPEC §4), for the audit record. */
  connectionQuality?(): string | null;
}

export type GameMessage = Exclude<ClientMessage, { type: 'connect' | 'ping' }>;

/** The ledger's entry-fee verifier: a verified, unused payment of the mode's wager, or why not. */
export interface EntryVerifier {
  verify(request: {
    walletAddress: string;
    mode: GameModeId;
    signature: string | undefined;
    /** The player's address: verifications in flight are bounded per address too. */
    ip?: string | null;
  }): Promise<{ ok: true; paid: PaidEntry } | EntryRefusal>;
}

/**
 * Why a payment is not an entry. A `code` from PASSING_REFUSAL_CODES (protocol.ts) means nothing was
 * recorded and the same signature may be submitted again; any other refusal is final. `refundLamports` is
 * set when the payment was recorded and is owed back in full (a wrong amount, a payment too old to use).
 */
export interface EntryRefusal {
  ok: false;
  message: string;
  code?: ErrorCode;
  refundLamports?: bigint;
}

/**
 * What a search must pass before its payment is looked at (SPEC §5: bans first; a paid mode's restricted
 * jurisdiction; the player's own self-exclusion and loss limits) and a ban written while it was being paid
 * (the late ban): built at composition from security/, tracking/ and limits/, so the game reads none of them.
 */
export interface EntryGate {
  /** The wallet or the address is banned: the text to refuse it with; null when neither is. */
  banRefusal(walletAddress: string | null, ip: string | null): Promise<string | null>;
  /** SPEC §1: the restricted country the address is in, or null (none when no check is configured). */
  restrictedCountryOf(ip: string | null): string | null;
  /** A paid search refused for its jurisdiction, for the record (never throws). */
  jurisdictionRefused(refusal: {
    walletAddress: string | null;
    ip: string | null;
    country: string;
    mode: string;
  }): Promise<void>;
  /** Why a paid search of `wagerLamports` by the wallet is refused at `now` by its own protection, or null. */
  paidSearchRefusal(walletAddress: string, wagerLamports: bigint, now: number): Promise<GateRefusal | null>;
  /** The same for a paid search already open, its own entry fee (in the ledger) left out of the losses. */
  openSearchRefusal(
    walletAddress: string,
    paid: { transactionId: string; lamports: bigint },
    now: number,
  ): Promise<GateRefusal | null>;
}

/** A refusal by the entry gate: its text and its code on the wire. */
export type GateRefusal = { message: string; code: ErrorCode };

/** A ban written or lifted, as the bus carries it to every node (security/bans.ts emits it). */
export type BanChange =
  | { kind: 'wallet'; walletAddress: string; banned: boolean }
  | { kind: 'ip'; ipAddress: string; banned: boolean };

/** A player session that ended (a sign-out), as the bus carries it to every node (security/player-sessions.ts). */
export interface EndedSession {
  sessionId: string;
  walletAddress: string;
}

/** SPEC §1 restricted jurisdictions, as the find-match path asks them before a paid search. */
export interface JurisdictionCheck {
  /** The restricted country the address is in, or null. */
  restrictedCountryOf(ip: string | null): string | null;
  /** One refusal, for the record (never throws). */
  refused(refusal: {
    walletAddress: string | null;
    ip: string | null;
    country: string;
    mode: string;
  }): Promise<void>;
}

/** Why a search ended without a match; the money layer decides what that refunds. */
/** `challenge_expired`: a challenge nobody accepted in time (its fee back in full). */
/** `self_protection`: the player's own self-exclusion or lowered loss limit now refuses it (back in full). */
export type EntryCloseReason =
  | 'player_cancel'
  | 'player_disconnect'
  | 'banned'
  | 'restart'
  | 'challenge_expired'
  | 'self_protection';

/** The money side, run inside the database transactions that close an entry or record a result. */
export interface GameMoney {
  entryClosed(tx: StoreTx, entry: QueueEntry, why: EntryCloseReason, at: Date): Promise<void>;
  matchEnded: ResultHook;
  /**
   * A verified payment that could not become an entry: refund it in full. False, and nothing written, when a
   * queue session holds that entry fee (it became a search after all).
   */
  refundUnusedEntry(
    tx: StoreTx,
    entry: { walletAddress: string; mode: GameModeId; paid: PaidEntry },
    at: Date,
  ): Promise<boolean>;
  /** Entry fees recorded before `olderThan` that never became an entry nor were refunded: refund them. */
  sweepUnusedEntries(tx: StoreTx, olderThan: Date, at: Date): Promise<number>;
  /** Entries and matches a previous run left open: refund them in full. */
  recoverOrphans(tx: StoreTx, orphans: OrphanedEntry[], at: Date): Promise<void>;
}

export interface OrphanedEntry {
  queueSessionId: string;
  walletAddress: string;
  mode: GameModeId;
  entryTransactionId: string | null;
  /** The game it was matched to, when a match was under way at the restart. */
  gameId: string | null;
}
