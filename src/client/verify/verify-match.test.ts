import { describe, expect, it } from 'vitest';
import { createMatchBed, playWithBots, SEED } from '../../../test/support/match-bed.ts';
import type { MatchVerificationAnswer } from '../../common/api/player-api.ts';
import { GENERATOR_NAMES } from '../../common/game/generator-versions.ts';
import { sha256Hex, VERIFY_TEXTS, verifyMatch } from './verify-match.ts';

/** Bot 1 misses two rallies in three, bot 0 the third: both score, and bot 0 reaches 11 first. */
const script = (seat: 0 | 1, played: number) => (seat === 0 ? played % 3 === 2 : played % 3 !== 2);

/** What the server answers for a match the shared match code played to its end, read by `seat`. */
async function answerOfPlayedMatch(seat: 0 | 1 = 0): Promise<MatchVerificationAnswer> {
  const h = createMatchBed();
  playWithBots(h, script);
  const result = h.results[0]!;
  const { seed, ...record } = result.record;
  return {
    gameId: result.id,
    gameMode: result.mode,
    yourSeat: seat,
    seed,
    seedHash: await sha256Hex(seed),
    record,
    recorded: { scores: result.scores, winner: result.winner },
    endedAt: new Date(result.endedAt).toISOString(),
  };
}

describe('verifying a finished match in the browser', () => {
  it('the seed hashes as node:crypto does (the hash the server announces at matched)', async () => {
    const { createHash } = await import('node:crypto');
    expect(await sha256Hex(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
  });

  it('an honest record is fair: the seed matches the announced hash and the replay gives the recorded result', async () => {
    const answer = await answerOfPlayedMatch(1);
    const verdict = await verifyMatch(answer, answer.seedHash);
    expect(verdict.kind).toBe('fair');
    expect(verdict.headline).toBe(VERIFY_TEXTS.fair);
    // The headline claims what the checks show, not how the match was played.
    expect(verdict.headline).toBe(
      'Verified: this result reproduces from the revealed seed and the recorded moves',
    );
    expect(verdict.headline).not.toMatch(/fair/i);
    expect(verdict.checks.every((c) => c.ok)).toBe(true);
    const [own, theirs] = [answer.recorded.scores[1], answer.recorded.scores[0]];
    // Read from seat 1, who lost: the score is theirs first.
    expect(verdict.checks.at(-1)?.text).toBe(
      VERIFY_TEXTS.replayOk(`${own}-${theirs}, your opponent wins`, GENERATOR_NAMES[2]),
    );
  });

  it('a recorded result the moves do not produce fails the check, naming both results', async () => {
    const answer = await answerOfPlayedMatch(0);
    const [a, b] = answer.recorded.scores;
    const tampered = { ...answer, recorded: { scores: [b, a] as [number, number], winner: 1 as const } };
    const verdict = await verifyMatch(tampered, answer.seedHash);
    expect(verdict.kind).toBe('failed');
    expect(verdict.headline).toBe(VERIFY_TEXTS.failed);
    expect(verdict.checks.at(-1)).toEqual({
      ok: false,
      text: VERIFY_TEXTS.replayBad(`${b}-${a}, your opponent wins`, `${a}-${b}, you win`, GENERATOR_NAMES[2]),
    });
  });

  it('moves edited after the match no longer reproduce the recorded result', async () => {
    const answer = await answerOfPlayedMatch(0);
    // Every target of the winner's paddle moved to the top edge: it no longer returns what it returned.
    const inputs = answer.record.inputs.map(([tick, seat, y]): [number, 0 | 1, number] => [
      tick,
      seat,
      seat === 0 ? 0 : y,
    ]);
    const verdict = await verifyMatch({ ...answer, record: { ...answer.record, inputs } }, answer.seedHash);
    expect(verdict.kind).toBe('failed');
    expect(verdict.checks.at(-1)?.ok).toBe(false);
  });

  it('a seed other than the one announced fails, even when the server stored the new seed’s hash', async () => {
    const answer = await answerOfPlayedMatch(0);
    const announced = answer.seedHash!;
    const otherSeed = 'f'.repeat(32);
    const swapped = { ...answer, seed: otherSeed, seedHash: await sha256Hex(otherSeed) };
    const verdict = await verifyMatch(swapped, announced);
    expect(verdict.kind).toBe('failed');
    expect(verdict.checks[0]).toEqual({
      ok: false,
      text: VERIFY_TEXTS.storedHashBad(swapped.seedHash, announced),
    });
    expect(verdict.checks[1]?.ok).toBe(false);
  });

  it('without the announced hash (a reload lost it) the seed is checked against the stored one', async () => {
    const answer = await answerOfPlayedMatch(0);
    const fair = await verifyMatch(answer, null);
    expect(fair.kind).toBe('fair');
    // It says which hash it checked against: not one this browser heard announced.
    expect(fair.checks[0]?.text).toBe(VERIFY_TEXTS.seedOkStored(answer.seedHash!));
    const verdict = await verifyMatch({ ...answer, seedHash: 'ab'.repeat(32) }, null);
    expect(verdict.kind).toBe('failed');
    expect(verdict.checks[0]?.ok).toBe(false);
  });
});
