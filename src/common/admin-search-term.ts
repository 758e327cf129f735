import { UUID_INSIDE } from './text-patterns.ts';
/**
 * The admin search box's term (SPEC §2: wallet address, transaction ID or game ID), read one way on both
 * sides. A term finds what the screen shows: 4 or more characters taken from the start or the end of an
 * address, a signature or a game id, or the shortened form the back-office itself displays
 * ('H9Yz3...SRGMh', SPEC §5: first 5 + '...' + last 5). Addresses and signatures are case-sensitive base58;
 * ids are compared lower-cased. A UUID anywhere in the term is also that exact id (SPEC §5 normalises game ids).
 */

export const MIN_SEARCH_LENGTH = 4;

export const SEARCH_TOO_SHORT = `Enter at least ${MIN_SEARCH_LENGTH} characters to search`;

const UUID = UUID_INSIDE;
/** The shortened form: a head, three dots (or one ellipsis character), a tail. */
const SHORTENED = /^(.+?)(?:\.\.\.|…)(.+)$/;
/** What a game id (a UUID's text) can hold. */
const ID_CHARS = /^[0-9a-f-]+$/i;

/** Which values a term finds: those starting with `head` and ending with `tail` (either may be empty). */
export interface SearchPart {
  head: string;
  tail: string;
}

export interface SearchTerm {
  /** The trimmed term, as typed. */
  text: string;
  /**
   * Ways a value may match (any of them): for a plain term, starting with it or ending with it; for the
   * shortened form, starting with its head and ending with its tail.
   */
  parts: SearchPart[];
  /** The same parts lower-cased, for ids; empty when the term cannot be part of a UUID's text. */
  idParts: SearchPart[];
  /** The UUID inside the term, lower-cased: an exact game or transaction id. */
  id: string | null;
}

export type SearchTermReading = { ok: true; term: SearchTerm | undefined } | { ok: false; error: string };

/** Reads the search box: undefined term when blank, an error when too short to search for. */
export function readSearchTerm(raw: string | null | undefined): SearchTermReading {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, term: undefined };
  const shortened = SHORTENED.exec(text);
  const parts: SearchPart[] = shortened
    ? [{ head: shortened[1] ?? '', tail: shortened[2] ?? '' }]
    : [
        { head: text, tail: '' },
        { head: '', tail: text },
      ];
  const searched = parts[0] ? parts[0].head.length + parts[0].tail.length : 0;
  if (searched < MIN_SEARCH_LENGTH) return { ok: false, error: SEARCH_TOO_SHORT };
  const idParts = ID_CHARS.test(parts.map((p) => p.head + p.tail).join(''))
    ? parts.map((p) => ({ head: p.head.toLowerCase(), tail: p.tail.toLowerCase() }))
    : [];
  return { ok: true, term: { text, parts, idParts, id: UUID.exec(text)?.[0].toLowerCase() ?? null } };
}
