import type { GameModeId } from '../../common/game-modes.ts';
import type { ClientMessage, ErrorCode, ServerMessage } from '../../common/protocol.ts';
import type { Database } from '../db/database.ts';
import type { ResultHook } from './match-recorder.ts';
import type { PaidEntry, QueueEntry } from './matchmaker.ts';

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
  entryClosed(tx: Database, entry: QueueEntry, why: EntryCloseReason, at: Date): Promise<void>;
  matchEnded: ResultHook;
  /**
   * A verified payment that could not become an entry: refund it in full. False, and nothing written, when a
   * queue session holds that entry fee (it became a search after all).
   */
  refundUnusedEntry(
    tx: Database,
    entry: { walletAddress: string; mode: GameModeId; paid: PaidEntry },
    at: Date,
  ): Promise<boolean>;
  /** Entry fees recorded before `olderThan` that never became an entry nor were refunded: refund them. */
  sweepUnusedEntries(tx: Database, olderThan: Date, at: Date): Promise<number>;
  /** Entries and matches a previous run left open: refund them in full. */
  recoverOrphans(tx: Database, orphans: OrphanedEntry[], at: Date): Promise<void>;
}

export interface OrphanedEntry {
  queueSessionId: string;
  walletAddress: string;
  mode: GameModeId;
  entryTransactionId: string | null;
  /** The game it was matched to, when a match was under way at the restart. */
  gameId: string | null;
}
