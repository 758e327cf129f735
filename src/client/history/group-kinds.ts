/** SPEC §3 "Transaction group (client-built)". */
export type GroupType = 'game' | 'game_record' | 'payout' | 'entry_fee' | 'refund';
export type GroupOutcome = 'win' | 'loss' | 'refunded' | 'pending';
