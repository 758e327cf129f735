import type { HistoryTransaction } from '../history-transaction.ts';

/** Test support: one history row with every field null but those the test names. */
export function historyRow(
  fields: Partial<HistoryTransaction> & Pick<HistoryTransaction, 'id' | 'type'>,
): HistoryTransaction {
  return {
    wallet_address: null,
    amount: 0,
    status: 'confirmed',
    created_at: null,
    game_mode: null,
    game_id: null,
    transaction_signature: null,
    opponent_address: null,
    score: null,
    game_completion_status: null,
    game_verified_by_state: null,
    has_game_association: null,
    perspective_type: null,
    reason: null,
    refund_percentage: null,
    original_transaction_id: null,
    queue_id: null,
    queue_status: null,
    queue_joined_at: null,
    queue_closed_at: null,
    game_status: null,
    final_score: null,
    game_outcome: null,
    player_won: null,
    game_started_at: null,
    game_ended_at: null,
    game_duration: null,
    admin_notes: null,
    held_for_review: null,
    ...fields,
  };
}

export const GAME_A = '11111111-1111-4111-8111-111111111111';
export const GAME_B = '22222222-2222-4222-8222-222222222222';
export const OPPONENT = 'RivaLWaLLetAddressJKmnpqrsTUVWxyz23456789abc';

/** A won paid match, a lost one, a cancelled search with its refund, a search still open, a practice game. */
export function sampleHistory(): HistoryTransaction[] {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 12, minute)).toISOString();
  return [
    historyRow({ id: 'pay-a', type: 'winner_payout', amount: 0.0375, game_id: GAME_A, created_at: at(50) }),
    historyRow({
      id: `game-${GAME_A}`,
      type: 'game_record',
      amount: 0.0375,
      game_id: GAME_A,
      game_mode: 'smol_shrimp',
      created_at: at(41),
      opponent_address: OPPONENT,
      score: '11-7',
      final_score: '11-7',
      game_outcome: 'win',
      player_won: true,
      perspective_type: 'game_win',
    }),
    historyRow({
      id: 'entry-a',
      type: 'entry_fee',
      amount: 0.025,
      game_id: GAME_A,
      game_mode: 'smol_shrimp',
      created_at: at(40),
      opponent_address: OPPONENT,
      transaction_signature: '5'.repeat(88),
    }),
    historyRow({
      id: 'refund-c',
      type: 'refund',
      amount: 0.02425,
      game_mode: 'smol_shrimp',
      original_transaction_id: 'entry-c',
      created_at: at(31),
      reason: 'cancelled_search',
    }),
    historyRow({
      id: 'entry-c',
      type: 'entry_fee',
      amount: 0.025,
      game_mode: 'smol_shrimp',
      created_at: at(30),
    }),
    historyRow({
      id: `game-${GAME_B}`,
      type: 'game_record',
      game_id: GAME_B,
      game_mode: 'tiny_tuna',
      created_at: at(21),
      final_score: '3-11',
      game_outcome: 'loss',
      player_won: false,
      perspective_type: 'game_loss',
    }),
    historyRow({
      id: 'entry-b',
      type: 'entry_fee',
      amount: 0.1,
      game_id: GAME_B,
      game_mode: 'tiny_tuna',
      created_at: at(20),
    }),
    historyRow({
      id: 'entry-d',
      type: 'entry_fee',
      amount: 0.025,
      game_mode: 'smol_shrimp',
      created_at: at(60),
    }),
  ];
}
