/**
 * What 'Verify' says of a finished match (client/verify/): each check in turn, and a headline that claims what
 * the checks show and no more. They show that the revealed seed is the one committed to when the match began
 * and that the recorded result follows from it and the recorded moves; they cannot show how the match was
 * played (a player's skill, a bot, a bad connection), so the headline does not say 'fairly'.
 */
export const VERIFY_TEXTS = {
  /** What the checks show, no more: the seed was the one committed to, and the result follows from it. */
  fair: 'Verified: this result reproduces from the revealed seed and the recorded moves',
  failed: 'Verification FAILED: the record does not hold together',
  seedOk: (hash: string) =>
    `The revealed seed hashes to ${shortHash(hash)}, the hash announced when the match began`,
  /** This browser did not hear `matched` (a reload, or the history): the hash the server kept is what it has. */
  seedOkStored: (hash: string) =>
    `The revealed seed hashes to ${shortHash(hash)}, the hash the server recorded when the match began`,
  seedBad: (announced: string, actual: string) =>
    `The revealed seed hashes to ${shortHash(actual)}, not to the announced ${shortHash(announced)}`,
  storedHashBad: (stored: string | null, announced: string) =>
    `The server's stored hash ${stored ? shortHash(stored) : '(none)'} is not the one announced to you (${shortHash(announced)})`,
  /** `generator` is the record's (GENERATOR_NAMES): the replay draws from the generator the match drew from. */
  replayOk: (result: string, generator: string) =>
    `Replaying the recorded moves with ${generator} reproduces the recorded result: ${result}`,
  replayBad: (recorded: string, replayed: string, generator: string) =>
    `Replaying the recorded moves with ${generator} does NOT reproduce the recorded result. Recorded: ${recorded}. Replay: ${replayed}`,
} as const;

function shortHash(hex: string): string {
  return hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}
