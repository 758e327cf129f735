import { describe, expect, it } from 'vitest';
import { solAmountText } from './history-amounts.ts';
import {
  countByFilter,
  emptyText,
  groupsForFilter,
  type HistoryFilter,
  showingText,
} from './history-filters.ts';
import { groupTransactions } from './history-groups.ts';
import { outcomeLabel } from './history-labels.ts';
import { normaliseGameId, parseHistoryTransaction } from './history-transaction.ts';
import { GAME_A, GAME_B, historyRow, OPPONENT, sampleHistory } from './test-support/history-rows.ts';

const summary = (rows = sampleHistory()) =>
  groupTransactions(rows).map((g) => ({
    key: g.key,
    type: g.groupType,
    outcome: g.outcome,
    headline: g.headline && solAmountText(g.headline.lamports, g.headline.signed),
    rows: g.transactions.map((t) => t.id),
  }));

describe('history groups', () => {
  it('groups by game, newest first, each headed by its net result: a paid win +0.0125, a cancel -0.00075', () => {
    expect(summary()).toEqual([
      // Still open: the entry paid in, with no sign yet.
      { key: 'tx:entry-d', type: 'entry_fee', outcome: 'pending', headline: '0.0250 SOL', rows: ['entry-d'] },
      {
        key: `game:${GAME_A}`,
        type: 'game',
        outcome: 'win',
        headline: '+0.0125 SOL',
        rows: ['pay-a', `game-${GAME_A}`, 'entry-a'],
      },
      {
        key: 'tx:entry-c',
        type: 'refund',
        outcome: 'refunded',
        headline: '-0.00075 SOL',
        rows: ['refund-c', 'entry-c'],
      },
      {
        key: `game:${GAME_B}`,
        type: 'game',
        outcome: 'loss',
        headline: '-0.1000 SOL',
        rows: [`game-${GAME_B}`, 'entry-b'],
      },
    ]);
  });

  it('a group carries mode, opponent, score and the newest time', () => {
    const won = groupTransactions(sampleHistory()).find((g) => g.gameId === GAME_A)!;
    expect(won).toMatchObject({
      gameMode: 'smol_shrimp',
      opponent: OPPONENT,
      score: '11-7',
      timestamp: '2026-01-10T12:50:00.000Z',
    });
  });

  it.each([
    [
      'an entry fee whose game is not over is pending',
      [historyRow({ id: 'e', type: 'entry_fee', amount: 0.1, game_id: GAME_A })],
      'game',
      'pending',
    ],
    [
      'a practice game alone is a game_record group, won',
      [historyRow({ id: 'g', type: 'game_record', game_id: GAME_A, game_outcome: 'win', player_won: true })],
      'game_record',
      'win',
    ],
    [
      'a payout alone (its game row not loaded) is a win',
      [historyRow({ id: 'p', type: 'payout', amount: 1.5 })],
      'payout',
      'win',
    ],
    [
      'a refunded game (technical failure) is refunded, not a loss',
      [
        historyRow({ id: 'g', type: 'game_record', game_id: GAME_A, game_outcome: 'loss' }),
        historyRow({ id: 'r', type: 'refund', amount: 0.097, game_id: GAME_A }),
      ],
      'game',
      'refunded',
    ],
    [
      'a lone refund is refunded',
      [historyRow({ id: 'r', type: 'refund', amount: 0.097 })],
      'refund',
      'refunded',
    ],
  ] as const)('outcome: %s', (_, rows, type, outcome) => {
    const [group] = groupTransactions([...rows]);
    expect(group).toMatchObject({ groupType: type, outcome });
  });

  it('one payout per game: a twin payout row does not double the amount', () => {
    const [group] = groupTransactions([
      historyRow({ id: 'p1', type: 'winner_payout', amount: 0.15, game_id: GAME_A, game_mode: 'tiny_tuna' }),
      historyRow({ id: 'p2', type: 'payout', amount: 0.15, game_id: GAME_A, game_mode: 'tiny_tuna' }),
      historyRow({ id: 'e', type: 'entry_fee', amount: 0.1, game_id: GAME_A, game_mode: 'tiny_tuna' }),
    ]);
    expect(group?.headline).toEqual({ lamports: 50_000_000n, signed: true });
  });

  it('a win whose entry row is not loaded still nets the entry of its mode, never the payout alone', () => {
    const [group] = groupTransactions([
      historyRow({
        id: 'p',
        type: 'winner_payout',
        amount: 0.0375,
        game_id: GAME_A,
        game_mode: 'smol_shrimp',
      }),
    ]);
    expect(group?.headline).toEqual({ lamports: 12_500_000n, signed: true });
  });

  it('a forfeited game is marked as one, a game played to its end is not', () => {
    const groups = groupTransactions([
      historyRow({ id: 'g', type: 'game_record', game_id: GAME_A, game_outcome: 'loss', player_won: false }),
      historyRow({
        id: 'h',
        type: 'game_record',
        game_id: GAME_B,
        game_outcome: 'loss',
        player_won: false,
        game_completion_status: 'forfeited',
      }),
    ]);
    expect(groups.map((g) => [g.gameId, g.forfeit])).toEqual(
      expect.arrayContaining([
        [GAME_A, false],
        [GAME_B, true],
      ]),
    );
    expect(outcomeLabel('loss', true)).toBe('LOSS · FORFEIT');
    expect(outcomeLabel('win', true)).toBe('WIN · FORFEIT');
    expect(outcomeLabel('loss', false)).toBe('LOSS');
    expect(outcomeLabel('refunded', true)).toBe('REFUNDED');
  });

  it('game ids are normalised to the UUID inside the string', () => {
    expect(normaliseGameId(`game-${GAME_A.toUpperCase()}`)).toBe(GAME_A);
    expect(normaliseGameId('not-a-uuid')).toBe('not-a-uuid');
    expect(normaliseGameId(null)).toBeNull();
    const rows = [
      parseHistoryTransaction({ id: 'a', type: 'entry_fee', amount: 0.1, game_id: GAME_A }),
      parseHistoryTransaction({ id: 'b', type: 'game_record', game_id: `game:${GAME_A}`, player_won: false }),
    ].filter((r) => r !== null);
    expect(groupTransactions(rows)).toHaveLength(1);
  });

  it('wire rows: missing fields become null, amounts may be numeric strings, a row without id is left out', () => {
    expect(parseHistoryTransaction({ id: 7, type: 'refund', amount: '0.097' })).toMatchObject({
      id: '7',
      amount: 0.097,
      status: null,
      game_id: null,
    });
    expect(parseHistoryTransaction({ type: 'refund' })).toBeNull();
    expect(parseHistoryTransaction({ id: 'x', type: 'refund', amount: 'lots' })).toBeNull();
    expect(parseHistoryTransaction('nope')).toBeNull();
  });
});

describe('filter chips', () => {
  it('each chip counts exactly the groups it shows', () => {
    const groups = groupTransactions(sampleHistory());
    const counts = countByFilter(groups);
    expect(counts).toEqual({ all: 4, games: 2, wagers: 4, refunds: 1 });
    for (const filter of ['all', 'games', 'wagers', 'refunds'] as const) {
      expect(counts[filter]).toBe(groupsForFilter(groups, filter).length);
    }
  });

  it.each([
    ['all', [`tx:entry-d`, `game:${GAME_A}`, 'tx:entry-c', `game:${GAME_B}`]],
    ['games', [`game:${GAME_A}`, `game:${GAME_B}`]],
    ['wagers', [`tx:entry-d`, `game:${GAME_A}`, 'tx:entry-c', `game:${GAME_B}`]],
    ['refunds', ['tx:entry-c']],
  ] as const)('filter %s shows the groups holding such a row', (filter, keys) => {
    expect(groupsForFilter(groupTransactions(sampleHistory()), filter).map((g) => g.key)).toEqual(keys);
  });

  it.each([
    ['refunds', 1, 7, 'Showing 1 refunds (filtered from 7 total)', 'No refunds found'],
    ['games', 0, 3, 'Showing 0 games (filtered from 3 total)', 'No games found'],
    ['wagers', 4, 7, 'Showing 4 wagers (filtered from 7 total)', 'No wagers found'],
  ] as const)('texts under %s', (filter: HistoryFilter, shown, total, showing, empty) => {
    expect(showingText(filter, shown, total)).toBe(showing);
    expect(emptyText(filter)).toBe(empty);
  });

  it("with no filter the empty state is 'No transactions found'", () => {
    expect(emptyText('all')).toBe('No transactions found');
  });
});
