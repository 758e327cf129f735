import { describe, expect, it } from 'vitest';
import {
  countByFilter,
  emptyText,
  flatList,
  groupsForFilter,
  type HistoryFilter,
  showingText,
} from './history-filters.ts';
import { groupTransactions } from './history-groups.ts';
import { normaliseGameId, parseHistoryTransaction } from './history-transaction.ts';
import { GAME_A, GAME_B, historyRow, OPPONENT, sampleHistory } from './test-support/history-rows.ts';

const summary = (rows = sampleHistory()) =>
  groupTransactions(rows).map((g) => ({
    key: g.key,
    type: g.groupType,
    outcome: g.outcome,
    amount: g.amount,
    rows: g.transactions.map((t) => t.id),
  }));

describe('history groups', () => {
  it('groups by game, newest first; payouts merge into their game; a refund joins the entry it returns', () => {
    expect(summary()).toEqual([
      { key: 'tx:entry-d', type: 'entry_fee', outcome: 'pending', amount: 0.025, rows: ['entry-d'] },
      {
        key: `game:${GAME_A}`,
        type: 'game',
        outcome: 'win',
        amount: 0.0375,
        rows: ['pay-a', `game-${GAME_A}`, 'entry-a'],
      },
      {
        key: 'tx:entry-c',
        type: 'refund',
        outcome: 'refunded',
        amount: 0.02425,
        rows: ['refund-c', 'entry-c'],
      },
      {
        key: `game:${GAME_B}`,
        type: 'game',
        outcome: 'loss',
        amount: 0.1,
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
      historyRow({ id: 'p1', type: 'winner_payout', amount: 0.15, game_id: GAME_A }),
      historyRow({ id: 'p2', type: 'payout', amount: 0.15, game_id: GAME_A }),
    ]);
    expect(group?.amount).toBe(0.15);
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
  it('counts are of the flat list, where payout rows are hidden', () => {
    const rows = sampleHistory();
    expect(flatList(rows).map((t) => t.id)).not.toContain('pay-a');
    expect(countByFilter(rows)).toEqual({ all: 7, games: 2, wagers: 4, refunds: 1 });
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
