/**
 * What the rankings' choice says (the leaderboard's and the player page's 'Show me' box): the choice itself,
 * and a refusal that put it back as the server holds it.
 */
export const VISIBILITY_TEXTS = {
  showMe: 'Show me on the leaderboard and on my player page',
  /** The server refused the change (`why`, its own words): the box is back where the server holds it. */
  notSaved: (why: string, hidden: boolean) =>
    `Not saved: ${why.replace(/[.!]?$/, '.')} You are still ${hidden ? 'hidden from' : 'shown on'} the leaderboard.`,
  /** No answer at all (the network): the same, with no words of the server's to give. */
  unreachable: 'the server could not be reached',
} as const;
