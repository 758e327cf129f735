/**
 * Display names (SPEC §3): a player may send one in `connect`, `reconnect` and `findMatch`; it is shown to the
 * opponent and stored with the search and the game audit. What could not be stored (PostgreSQL refuses
 * U+0000 in text and jsonb) or would mislead an opponent or an administrator (control characters, line
 * breaks, bidi overrides that reverse what follows, invisible characters, a half of a surrogate pair) is
 * refused at the wire with a clear error rather than cleaned: the player learns why, and what is stored is
 * what they sent. The product's own client sends no name, so the default below is what it gets.
 */

/** The longest display name kept, in characters (code points), after trimming. */
export const DISPLAY_NAME_MAX_CHARS = 32;

/** SPEC §3: these placeholders mean "no name" and give the default. */
export const DISPLAY_NAME_PLACEHOLDERS: readonly string[] = ['none', 'unnamed'];

/** SPEC §3: 'Player-' plus the first 4 characters of the wallet. */
export function defaultDisplayName(walletAddress: string | null): string {
  return walletAddress ? `Player-${walletAddress.slice(0, 4)}` : 'Player';
}

/**
 * Controls (C0, DEL, C1), line and paragraph separators, noncharacters, a lone surrogate (the `u` flag sees a
 * whole pair as one character), and format characters (bidi overrides and isolates, zero-width spaces, the
 * byte order mark) except the zero-width joiner that emoji sequences use.
 */
const UNFIT = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}]|(?!\u200D)\p{Cf}/u;

/** Why a display name is refused, or null when it may be kept. */
export function displayNameProblem(name: string): string | null {
  if (UNFIT.test(name)) return 'Display name may not contain control, invisible or direction characters';
  if ([...name.trim()].length > DISPLAY_NAME_MAX_CHARS) {
    return `Display name may be at most ${DISPLAY_NAME_MAX_CHARS} characters`;
  }
  return null;
}

/** The name a player is known by: what they asked for, trimmed, or the default for none or a placeholder. */
export function displayNameFor(walletAddress: string | null, requested?: string): string {
  const trimmed = requested?.trim();
  if (!trimmed || DISPLAY_NAME_PLACEHOLDERS.includes(trimmed) || displayNameProblem(trimmed) !== null) {
    return defaultDisplayName(walletAddress);
  }
  return trimmed;
}
