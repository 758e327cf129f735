import { afterEach, describe, expect, it, vi } from 'vitest';
import { judgeNotice, NOTICE_BUFFER, type SeenNotice, walletMatches } from './notice-filter.ts';
import { GAME_A, GAME_B } from './test-support/history-rows.ts';

const ME = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const OTHER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const NOW = Date.UTC(2026, 0, 10, 12);

afterEach(() => vi.restoreAllMocks());

const payout = (id: string, extra: Record<string, unknown> = {}) => ({
  transaction: {
    id,
    type: 'winner_payout',
    wallet_address: ME,
    amount: 0.15,
    game_id: GAME_A,
    status: 'processing',
    ...extra,
  },
});

/** Feeds notifications in order (each at its own time) and returns the verdicts. */
function verdicts(items: [unknown, number][], wallet: string | null = ME) {
  let seen: SeenNotice[] = [];
  return items.map(([notice, at]) => {
    const judged = judgeNotice(seen, notice, { wallet, now: at });
    seen = judged.seen;
    return judged.verdict;
  });
}

describe('transaction notification de-duplication', () => {
  it.each([
    ['no wallet known', 'anything', null, true],
    ['equal ignoring case', ME.toUpperCase(), ME, true],
    ['first 10 equal, both over 30 long', `${ME.slice(0, 10)}${'x'.repeat(25)}`, ME, true],
    ['first 10 equal but one 30 or shorter', ME.slice(0, 30), ME, false],
    ['a different wallet', OTHER, ME, false],
  ])('wallet matching: %s → %s', (_, theirs, mine, expected) => {
    expect(walletMatches(theirs, mine)).toBe(expected);
  });

  it.each([
    ['not an object', 'entry'],
    ['no transaction', { kind: 'transaction_notification' }],
    ['a transaction without id', { transaction: { type: 'refund' } }],
  ])('must be an object with a transaction: %s is refused', (_, notice) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(verdicts([[notice, NOW]])).toEqual(['invalid']);
  });

  it('a transaction under data is read too', () => {
    expect(verdicts([[{ data: payout('p1') }, NOW]])).toEqual(['accepted']);
  });

  it('the same id (and status) twice is dropped; the game channel re-dispatches each one at 0, 500 and 1500 ms', () => {
    const entry = {
      transaction: { id: 'e1', type: 'entry_fee', wallet_address: ME, amount: 0.1, status: 'confirmed' },
    };
    expect(
      verdicts([
        [entry, NOW],
        [entry, NOW + 500],
        [entry, NOW + 1500],
      ]),
    ).toEqual(['accepted', 'duplicate', 'duplicate']);
  });

  it('the same payout id with a new status (sent, then confirmed) is news, not a duplicate', () => {
    expect(
      verdicts([
        [payout('p1'), NOW],
        [payout('p1', { status: 'confirmed' }), NOW + 2000],
      ]),
    ).toEqual(['accepted', 'accepted']);
  });

  it.each([
    ['same game, wallet and amount at 29 999 ms', payout('p2'), 29_999, 'repeatedPayout'],
    ['amount within 0.001', payout('p2', { amount: 0.1505 }), 1000, 'repeatedPayout'],
    [
      'wallet differing only in case',
      payout('p2', { wallet_address: ME.toLowerCase() }),
      1000,
      'repeatedPayout',
    ],
    ['at 30 000 ms', payout('p2'), 30_000, 'accepted'],
    ['amount 0.002 apart', payout('p2', { amount: 0.152 }), 1000, 'accepted'],
    ['another game', payout('p2', { game_id: GAME_B }), 1000, 'accepted'],
  ] as const)('a second payout with another id: %s → %s', (_, second, after, expected) => {
    expect(
      verdicts([
        [payout('p1'), NOW],
        [second, NOW + after],
      ]),
    ).toEqual(['accepted', expected]);
  });

  it("another wallet's entry is dropped; payouts, refunds and game records are taken whatever wallet they name", () => {
    const of = (type: string, id: string) => ({
      transaction: { id, type, wallet_address: OTHER, amount: 0.1 },
    });
    expect(
      verdicts([
        [of('entry_fee', 'a'), NOW],
        [of('winner_payout', 'b'), NOW],
        [of('refund', 'c'), NOW],
        [of('game_record', 'd'), NOW],
      ]),
    ).toEqual(['otherWallet', 'accepted', 'accepted', 'accepted']);
  });

  it('a missing wallet is filled in; a payout without status is confirmed', () => {
    const judged = judgeNotice(
      [],
      { transaction: { id: 'p', type: 'payout', amount: 1.5 } },
      { wallet: ME, now: NOW },
    );
    expect(judged.transaction).toMatchObject({ wallet_address: ME, status: 'confirmed' });
    const entry = judgeNotice(
      [],
      { transaction: { id: 'e', type: 'entry_fee', amount: 1 } },
      { wallet: ME, now: NOW },
    );
    expect(entry.transaction).toMatchObject({ wallet_address: ME, status: null });
  });

  it('the buffer keeps the last 50 notifications', () => {
    const items: [unknown, number][] = Array.from({ length: 60 }, (_, i) => [
      { transaction: { id: `e${i}`, type: 'entry_fee', wallet_address: ME, amount: 0.1 } },
      NOW + i,
    ]);
    let seen: SeenNotice[] = [];
    for (const [notice, at] of items) seen = judgeNotice(seen, notice, { wallet: ME, now: at }).seen;
    expect(seen).toHaveLength(NOTICE_BUFFER);
    expect(seen[0]?.id).toBe('e10');
  });
});
