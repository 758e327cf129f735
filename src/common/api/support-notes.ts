import { z } from 'zod';
import { instant } from './wire-values.ts';

/**
 * Support notes (GET and POST /api/admin/notes): what support wrote about a wallet or a game, who and when.
 * Append-only: there is no edit and no delete, here or in the database.
 */
export const NOTE_TARGET_KINDS = ['wallet', 'game'] as const;
export type NoteTargetKind = (typeof NOTE_TARGET_KINDS)[number];

/** The longest note, in characters. */
export const NOTE_MAX_LENGTH = 2000;

export const supportNoteRowSchema = z.object({
  id: z.string(),
  targetKind: z.enum(NOTE_TARGET_KINDS),
  target: z.string(),
  text: z.string(),
  by: z.string(),
  at: instant,
});
export type SupportNoteRow = z.infer<typeof supportNoteRowSchema>;

/** POST /api/admin/notes: a note on one wallet (its address) or one game (its id). */
export const addNoteBodySchema = z.object({
  targetKind: z.enum(NOTE_TARGET_KINDS),
  target: z.string(),
  text: z.string(),
});
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

export const NOTE_ERRORS = {
  invalidKind: 'A note is on a wallet or a game',
  invalidWallet: 'A valid wallet address is required',
  invalidGame: 'A valid game id is required',
  gameNotFound: 'Game not found',
  textRequired: `A note needs its text (at most ${NOTE_MAX_LENGTH} characters)`,
} as const;
