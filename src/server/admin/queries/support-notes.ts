import { isAddress } from '@solana/kit';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  NOTE_ERRORS,
  NOTE_MAX_LENGTH,
  NOTE_TARGET_KINDS,
  type NoteTargetKind,
  type SupportNoteRow,
} from '../../../common/api/support-notes.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { games, supportNotes } from '../../db/schema/index.ts';
import { actorDetails, actorText, recordSystemEvent } from '../../operations-log/system-events.ts';
import { type ActionResult, actionInput, checkedField, refused, requiredText } from './action-result.ts';
import type { ActingAdmin } from './ban-actions.ts';
import {
  afterCursor,
  cursorText,
  newestFirst,
  type Page,
  type PageRequest,
  pageLimit,
  toPage,
} from './cursor.ts';
import { iso } from './json-values.ts';

export type { SupportNoteRow };

export const NOTE_ADDED_EVENT = 'admin_note_added';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A note's input, checked in this order: what it is on, its text, then which wallet or game. */
const NOTE_INPUT = z
  .object({
    targetKind: checkedField(
      (value) =>
        (NOTE_TARGET_KINDS as readonly unknown[]).includes(value) ? (value as NoteTargetKind) : undefined,
      NOTE_ERRORS.invalidKind,
    ),
    target: z.unknown().optional(),
    text: checkedField((value) => requiredText(value, NOTE_MAX_LENGTH), NOTE_ERRORS.textRequired),
  })
  .transform((input, ctx) => {
    const target = requiredText(input.target, 64);
    const valid =
      target !== undefined && (input.targetKind === 'wallet' ? isAddress(target) : UUID.test(target));
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        message: input.targetKind === 'wallet' ? NOTE_ERRORS.invalidWallet : NOTE_ERRORS.invalidGame,
      });
      return z.NEVER;
    }
    return { ...input, target: input.targetKind === 'game' ? target.toLowerCase() : target };
  });

export interface NoteDeps {
  db: Database;
  clock: Clock;
}

const toRow = (row: typeof supportNotes.$inferSelect): SupportNoteRow => ({
  id: row.id,
  targetKind: row.targetKind as NoteTargetKind,
  target: row.target,
  text: row.body,
  by: row.authorEmail,
  at: iso(row.createdAt),
});

/**
 * Adds a note on a wallet or a game, with its audit event (who, from where, on what, the text) in the same
 * transaction: a note exists if and only if the trail says it was written.
 */
export async function addNoteAction(
  deps: NoteDeps,
  admin: ActingAdmin,
  raw: unknown,
): Promise<ActionResult<SupportNoteRow>> {
  const input = actionInput(NOTE_INPUT, raw);
  if (!input.ok) return input;
  const { targetKind, target, text } = input.body;
  if (targetKind === 'game') {
    const [game] = await deps.db.select({ id: games.id }).from(games).where(eq(games.id, target));
    if (!game) return refused(404, NOTE_ERRORS.gameNotFound);
  }
  const at = new Date(deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    const [note] = await tx
      .insert(supportNotes)
      .values({
        targetKind,
        target,
        body: text,
        authorId: admin.adminId ?? null,
        authorEmail: admin.by,
        createdAt: at,
      })
      .returning();
    await recordSystemEvent(tx, {
      severity: 'other',
      eventType: NOTE_ADDED_EVENT,
      message: `Note on ${targetKind} ${target} ${actorText(admin)}: ${text}`,
      details: { action: 'add_note', targetKind, target, noteId: note?.id, text, ...actorDetails(admin) },
    });
    return note;
  });
  if (!row) throw new Error(`the note on ${targetKind} ${target} returned no row`);
  return { ok: true, body: toRow(row) };
}

/** Whose notes a list reads: one wallet's (and, with `withGames`, those on its games), or one game's. */
export type NotesOf = { wallet: string; withGames?: boolean } | { game: string };

function notesWhere(of: NotesOf): SQL | undefined {
  if ('game' in of) return and(eq(supportNotes.targetKind, 'game'), eq(supportNotes.target, of.game));
  const own = and(eq(supportNotes.targetKind, 'wallet'), eq(supportNotes.target, of.wallet));
  if (!of.withGames) return own;
  const itsGames = sql`SELECT id::text FROM games WHERE player1_wallet = ${of.wallet} OR player2_wallet = ${of.wallet}`;
  return or(own, and(eq(supportNotes.targetKind, 'game'), sql`${supportNotes.target} IN (${itsGames})`));
}

/** Notes newest first, keyset-paged on (created_at, id). */
export async function listNotes(
  db: Database,
  of: NotesOf,
  request: PageRequest = {},
): Promise<Page<SupportNoteRow>> {
  const limit = pageLimit(request.limit);
  const rows = await db
    .select({ note: supportNotes, cursorAt: cursorText(supportNotes.createdAt) })
    .from(supportNotes)
    .where(and(notesWhere(of), afterCursor(request.cursor, supportNotes.createdAt, supportNotes.id, 'uuid')))
    .orderBy(...newestFirst(supportNotes.createdAt, supportNotes.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (r) => r.note.id,
    (r) => toRow(r.note),
  );
}
