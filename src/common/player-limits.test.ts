import { describe, expect, it } from 'vitest';
import { SOL } from '../../test/support/money.ts';
import { solTextToLamports } from './api/player-limits-api.ts';
import {
  changeLossLimit,
  exclusionRefusal,
  limitInForce,
  lossLimitRefusal,
  NO_LIMIT,
  NO_LIMITS,
  requestExclusion,
} from './player-limits.ts';
import { LOSS_LIMIT_RAISE_DELAY_MS, SELF_EXCLUSION_PERIODS } from './rules.ts';

const T = Date.UTC(2025, 5, 2, 12);
const DAY = LOSS_LIMIT_RAISE_DELAY_MS;

describe('loss limits: lowering acts at once, raising or removing after 24 hours', () => {
  const limit = changeLossLimit(NO_LIMIT, SOL, T);

  it('a first limit is a lowering (from none): in force at once', () => {
    expect(limit).toEqual({ lamports: SOL, pending: null });
  });

  it('a raise: at t-1 still the old limit, at t the new one', () => {
    const raised = changeLossLimit(limit, 2n * SOL, T);
    expect(raised.pending).toEqual({ lamports: 2n * SOL, effectiveAt: T + DAY });
    expect(limitInForce(raised, T + DAY - 1)).toBe(SOL);
    expect(limitInForce(raised, T + DAY)).toBe(2n * SOL);
  });

  it('a removal waits the same 24 hours', () => {
    const removed = changeLossLimit(limit, null, T);
    expect(limitInForce(removed, T + DAY - 1)).toBe(SOL);
    expect(limitInForce(removed, T + DAY)).toBeNull();
  });

  it('a lowering is in force at once and drops a pending raise', () => {
    const raised = changeLossLimit(limit, 2n * SOL, T);
    const lowered = changeLossLimit(raised, SOL / 2n, T + 1);
    expect(lowered).toEqual({ lamports: SOL / 2n, pending: null });
    expect(limitInForce(lowered, T + 2 * DAY)).toBe(SOL / 2n);
  });

  it('asking for the limit in force again drops a pending raise; a later raise restarts the 24 hours', () => {
    const raised = changeLossLimit(limit, 2n * SOL, T);
    expect(changeLossLimit(raised, SOL, T + 5)).toEqual({ lamports: SOL, pending: null });
    const again = changeLossLimit(raised, 3n * SOL, T + 1_000);
    expect(again.pending).toEqual({ lamports: 3n * SOL, effectiveAt: T + 1_000 + DAY });
  });
});

describe('self-exclusion: starts at once, can be lengthened, never shortened', () => {
  it.each(Object.entries(SELF_EXCLUSION_PERIODS))(
    '%s ends after its period (permanent never)',
    (period, ms) => {
      const asked = requestExclusion(null, period as keyof typeof SELF_EXCLUSION_PERIODS, T);
      expect(asked).toEqual({ ok: true, exclusion: { startedAt: T, endsAt: ms === null ? null : T + ms } });
    },
  );

  it('a shorter one while one lasts is refused; a longer one lengthens it from its start', () => {
    const month = requestExclusion(null, '30d', T);
    if (!month.ok) throw new Error('refused');
    expect(requestExclusion(month.exclusion, '24h', T + 1)).toEqual({ ok: false, reason: 'shorter' });
    expect(requestExclusion(month.exclusion, '7d', T + 1)).toEqual({ ok: false, reason: 'shorter' });
    const forever = requestExclusion(month.exclusion, 'permanent', T + 1);
    expect(forever).toEqual({ ok: true, exclusion: { startedAt: T, endsAt: null } });
    if (!forever.ok) throw new Error('refused');
    expect(requestExclusion(forever.exclusion, '30d', T + 2)).toEqual({ ok: false, reason: 'shorter' });
  });

  it('refuses paid play until its end: at end-1 refused, at the end open; a new one may start after', () => {
    const day = requestExclusion(null, '24h', T);
    if (!day.ok) throw new Error('refused');
    const limits = { ...NO_LIMITS, exclusion: day.exclusion };
    expect(exclusionRefusal(limits, T + DAY - 1)).toEqual({
      code: 'self_excluded',
      message:
        'You have excluded yourself from paid games until 2025-06-03 12:00 UTC. Practice mode is still open.',
    });
    expect(exclusionRefusal(limits, T + DAY)).toBeNull();
    expect(requestExclusion(day.exclusion, '24h', T + DAY)).toMatchObject({ ok: true });
  });
});

describe('the loss a search may risk', () => {
  const limits = { ...NO_LIMITS, daily: { lamports: SOL / 10n, pending: null } };
  const wager = SOL / 10n;

  it('refuses once the net loss reached the limit, and a search whose entry is more than what is left', () => {
    expect(lossLimitRefusal(limits, { daily: SOL / 10n, weekly: 0n }, wager, T)?.code).toBe(
      'loss_limit_reached',
    );
    const left = lossLimitRefusal(limits, { daily: SOL / 20n, weekly: 0n }, wager, T);
    expect(left?.code).toBe('loss_limit_exceeded');
    expect(left?.message).toContain('0.05 SOL is left of your daily limit of 0.1 SOL');
  });

  it('after a net win, says the win and what can still be lost, never more left than the limit itself', () => {
    const small = { ...NO_LIMITS, daily: { lamports: 10_000_000n, pending: null } };
    const refusal = lossLimitRefusal(small, { daily: -11_750_000n, weekly: 0n }, 25_000_000n, T);
    expect(refusal?.code).toBe('loss_limit_exceeded');
    expect(refusal?.message).toBe(
      "This game could take you past your loss limit for paid games: you are 0.01175 SOL up over the last 24 hours, so you can lose 0.02175 SOL before you reach your daily limit of 0.01 SOL and this game's entry is 0.025 SOL. Practice mode is still open.",
    );
    expect(refusal?.message).not.toContain('is left of');
  });

  it('lets a search whose whole entry fits what is left, and counts a net win against losses', () => {
    expect(lossLimitRefusal(limits, { daily: 0n, weekly: 0n }, wager, T)).toBeNull();
    expect(lossLimitRefusal(limits, { daily: -SOL, weekly: 0n }, wager, T)).toBeNull();
  });

  it('the weekly limit counts too', () => {
    const weekly = { ...NO_LIMITS, weekly: { lamports: SOL, pending: null } };
    expect(lossLimitRefusal(weekly, { daily: 0n, weekly: SOL }, wager, T)?.message).toContain('weekly limit');
  });
});

describe('SOL typed by a player to exact lamports', () => {
  it.each([
    ['0.1', 100_000_000n],
    ['2', 2_000_000_000n],
    ['.25', 250_000_000n],
    [' 1.000000001 ', 1_000_000_001n],
  ])('%s → %s', (text, lamports) => {
    expect(solTextToLamports(text)).toBe(lamports);
  });
  it.each(['', '0', '-1', '1e3', '0.0000000001', 'abc', '.'])('%j is not an amount', (text) => {
    expect(solTextToLamports(text)).toBeNull();
  });
});
