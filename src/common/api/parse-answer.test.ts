import { describe, expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { adminStatsSchema } from './admin-views.ts';
import { errorTextOf } from './error-text.ts';
import { AnswerShapeError, parseAnswer } from './parse-answer.ts';

const STATS = {
  totalVolume: '0.05 SOL',
  totalVolumeLamports: '50000000',
  totalTransactions: 7,
  uniqueWallets: 3,
  totalPayouts: '0.0375 SOL',
  totalPayoutsLamports: '37500000',
};

describe('the HTTP contract: an answer is read with its schema, never cast', () => {
  it('an answer that fits is returned as the schema reads it', () => {
    expect(parseAnswer(adminStatsSchema, STATS, 'GET /api/admin/stats')).toEqual(STATS);
  });

  it('an answer of another shape names the request, the field and what is wrong', () => {
    const wrong = { ...STATS, uniqueWallets: '3' };
    expect(() => parseAnswer(adminStatsSchema, wrong, 'GET /api/admin/stats')).toThrow(AnswerShapeError);
    expect(() => parseAnswer(adminStatsSchema, wrong, 'GET /api/admin/stats')).toThrow(
      /^GET \/api\/admin\/stats answered an unexpected shape: uniqueWallets: /,
    );
    expect(() => parseAnswer(adminStatsSchema, null, 'GET /api/admin/stats')).toThrow(
      'GET /api/admin/stats answered an unexpected shape: the body: ',
    );
  });

  it.each([
    ['a float', 50_000_000.5],
    ['a number (JSON would round a large one)', 50_000_000],
    ['SOL text', '0.05'],
  ])('money: lamports cross the wire as a decimal string only, not %s', (_, lamports) => {
    expect(() =>
      parseAnswer(adminStatsSchema, { ...STATS, totalVolumeLamports: lamports }, 'GET /api/admin/stats'),
    ).toThrow(/totalVolumeLamports/);
  });

  it("a refusal's text is its `error`, null when it has none", () => {
    expect(errorTextOf({ error: 'A reason is required' })).toBe('A reason is required');
    expect(errorTextOf({ error: 42 })).toBeNull();
    expect(errorTextOf(null)).toBeNull();
  });

  it('a server answer with a field its schema does not name does not fit exactly', () => {
    expect(() => fitsExactly(adminStatsSchema, { ...STATS, secret: 'x' }, 'GET /api/admin/stats')).toThrow(
      'GET /api/admin/stats answered fields its schema does not name: secret',
    );
    expect(fitsExactly(adminStatsSchema, STATS, 'GET /api/admin/stats')).toEqual(STATS);
  });
});
