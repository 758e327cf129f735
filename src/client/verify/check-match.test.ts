import { describe, expect, it } from 'vitest';
import { createMatchBed, playWithBots } from '../../../test/support/match-bed.ts';
import { CHECK_TEXTS, checkMatch, NOT_YET_RETRY, verificationUrl } from './check-match.ts';
import { sha256Hex } from './verify-match.ts';

const GAME = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

async function playedAnswer() {
  const h = createMatchBed();
  playWithBots(h, (seat, played) => (seat === 0 ? played % 3 === 2 : played % 3 !== 2));
  const result = h.results[0]!;
  const { seed, ...record } = result.record;
  return {
    gameId: GAME,
    gameMode: result.mode,
    yourSeat: 0,
    seed,
    seedHash: await sha256Hex(seed),
    record,
    recorded: { scores: result.scores, winner: result.winner },
    endedAt: new Date(result.endedAt).toISOString(),
  };
}

describe('Verify fetches the match record with the session cookie and checks it', () => {
  it('a match whose result is still being written is asked for again until it is there', async () => {
    const answer = await playedAnswer();
    const asked: string[] = [];
    const waits: number[] = [];
    let calls = 0;
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      asked.push(`${url} ${init?.credentials}`);
      calls++;
      return calls < 3
        ? json(202, { pending: true, message: 'not yet' }, { 'retry-after': '1' })
        : json(200, answer);
    }) as typeof fetch;
    const outcome = await checkMatch(GAME, answer.seedHash, {
      fetchImpl,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(outcome.kind).toBe('fair');
    expect(asked).toEqual(Array(3).fill(`${verificationUrl('', GAME)} include`));
    expect(waits).toEqual([NOT_YET_RETRY.delayMs, NOT_YET_RETRY.delayMs]);
  });

  it('gives up after its attempts and shows the server’s reason', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return json(
        202,
        { pending: true, message: 'This match has not been recorded yet' },
        { 'retry-after': '1' },
      );
    }) as typeof fetch;
    const outcome = await checkMatch(GAME, null, { fetchImpl, sleep: async () => {} });
    expect(calls).toBe(NOT_YET_RETRY.attempts);
    expect(outcome).toEqual({
      kind: 'unavailable',
      headline: 'This match has not been recorded yet',
      checks: [],
    });
  });

  it('a refusal is shown as the server words it; a network failure says the record could not be fetched', async () => {
    const refused = await checkMatch(GAME, null, {
      fetchImpl: (async () => json(404, { error: 'No finished match of yours has this id' })) as typeof fetch,
    });
    expect(refused.headline).toBe('No finished match of yours has this id');
    const down = await checkMatch(GAME, null, {
      fetchImpl: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    expect(down).toEqual({ kind: 'unavailable', headline: CHECK_TEXTS.unreachable, checks: [] });
  });
});
