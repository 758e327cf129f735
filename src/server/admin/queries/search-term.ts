/**
 * The admin search box (SPEC §2: wallet address, transaction ID or game ID): one trimmed term, matched
 * exactly (addresses and signatures are case-sensitive base58). A term holding a UUID anywhere is also read
 * as that game or transaction id, as SPEC §5 normalises game ids.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export interface SearchTerm {
  /** The trimmed term, compared with addresses and signatures. */
  text: string;
  /** The UUID inside the term, lower-cased, compared with game and transaction ids. */
  id: string | null;
}

/** Undefined when there is nothing to search for (absent or blank). */
export function searchTerm(raw: string | null | undefined): SearchTerm | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const id = UUID.exec(text)?.[0].toLowerCase() ?? null;
  return { text, id };
}
