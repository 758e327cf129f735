import type { MatchVerificationAnswer } from '../../common/api/player-api.ts';
import { GENERATOR_NAMES } from '../../common/game/generator-versions.ts';
import { replayMatch } from '../../common/game/replay.ts';
import { VERIFY_TEXTS } from '../../common/verify-texts.ts';

/** The outcome of checking a finished match in this browser, in words a player reads. */
export interface Verification {
  /** 'fair': the seed matches its hash and the replay gives the recorded result; 'failed' otherwise. */
  kind: 'fair' | 'failed';
  headline: string;
  /** One line per check, in the order they ran. */
  checks: Array<{ ok: boolean; text: string }>;
}

export { VERIFY_TEXTS };

/** SHA-256 of the seed's UTF-8 text, hex, as the server computes it (WebCrypto: the browser's own code). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** '11-7, you win', from the reader's seat; a forfeit or the final whistle is named. */
function resultText(scores: readonly [number, number], winner: 0 | 1 | null, seat: 0 | 1, how = ''): string {
  const them = seat === 0 ? 1 : 0;
  const who = winner === null ? 'no winner' : winner === seat ? 'you win' : 'your opponent wins';
  return `${scores[seat]}-${scores[them]}, ${who}${how}`;
}

/**
 * Checks a finished match from what the server revealed: the seed against the hash announced at `matched`
 * (`announcedHash`, when this browser saw it; else the hash the server stored), then a replay of the recorded
 * paddle moves with the shared physics, drawing from the record's generator, against the recorded score and
 * winner.
 */
export async function verifyMatch(
  answer: MatchVerificationAnswer,
  announcedHash: string | null = null,
): Promise<Verification> {
  const checks: Verification['checks'] = [];
  const expectedHash = announcedHash ?? answer.seedHash;
  const actualHash = await sha256Hex(answer.seed);
  if (announcedHash && answer.seedHash !== announcedHash) {
    checks.push({ ok: false, text: VERIFY_TEXTS.storedHashBad(answer.seedHash, announcedHash) });
  }
  checks.push(
    expectedHash === actualHash
      ? {
          ok: true,
          text: announcedHash ? VERIFY_TEXTS.seedOk(actualHash) : VERIFY_TEXTS.seedOkStored(actualHash),
        }
      : { ok: false, text: VERIFY_TEXTS.seedBad(expectedHash ?? '(none)', actualHash) },
  );

  const replay = replayMatch({ seed: answer.seed, ...answer.record });
  const { phase } = replay.final;
  const how =
    phase.name !== 'gameOver' || phase.reason === 'score'
      ? ''
      : phase.reason === 'forfeit'
        ? ' (by forfeit)'
        : ' (at the final whistle)';
  const seat = answer.yourSeat;
  const replayed = resultText(replay.scores, replay.winner, seat, how);
  const recorded = resultText(answer.recorded.scores, answer.recorded.winner, seat);
  const generator = GENERATOR_NAMES[answer.record.generator];
  const same =
    replay.winner === answer.recorded.winner &&
    replay.scores[0] === answer.recorded.scores[0] &&
    replay.scores[1] === answer.recorded.scores[1];
  checks.push(
    same
      ? { ok: true, text: VERIFY_TEXTS.replayOk(replayed, generator) }
      : { ok: false, text: VERIFY_TEXTS.replayBad(recorded, replayed, generator) },
  );
  const fair = checks.every((c) => c.ok);
  return { kind: fair ? 'fair' : 'failed', headline: fair ? VERIFY_TEXTS.fair : VERIFY_TEXTS.failed, checks };
}
