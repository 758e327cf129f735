import { describe, expect, it } from 'vitest';
import type { TransactionNotice } from '../../common/api/transaction-notice.ts';
import { reduce } from './reduce.ts';
import { AT, GAME, gameOverInfo, OTHER, server, view } from './test-support/reduce-fixtures.ts';

/** The game over screen's payout: the reducer keeps the payout notice of the game on screen, by its game id. */

const over = () =>
  view({ state: 'gameOver', gameId: GAME, playerIndex: 0, gameMode: 'smol_shrimp', gameOver: gameOverInfo });
const notice = (over: Partial<TransactionNotice> = {}): TransactionNotice => ({
  id: 'tx-1',
  type: 'winner_payout',
  amount: 0.0375,
  amount_lamports: '37500000',
  status: 'processing',
  transaction_signature: 'Sig111',
  game_id: GAME,
  ...over,
});
const told = (before: ReturnType<typeof over>, transaction: TransactionNotice) =>
  reduce(before, server({ type: 'transaction_notification', transaction }, AT));

describe('the payout of the game over on screen', () => {
  it("its 'sent' notice, then its 'confirmed' one: sent, then paid, exact lamports and the signature", () => {
    const sent = told(over(), notice());
    expect(sent.matchPayout).toEqual({
      gameId: GAME,
      status: 'sent',
      lamports: '37500000',
      signature: 'Sig111',
    });
    const paid = told(sent, notice({ status: 'confirmed' }));
    expect(paid.matchPayout).toEqual({
      gameId: GAME,
      status: 'paid',
      lamports: '37500000',
      signature: 'Sig111',
    });
  });

  it("a late 'sent' after 'paid' takes nothing back", () => {
    const paid = told(over(), notice({ status: 'confirmed' }));
    expect(told(paid, notice())).toBe(paid);
  });

  it('a payout held for review (no signature) is held', () => {
    const held = told(
      over(),
      notice({ status: 'pending', transaction_signature: null, held_for_review: true }),
    );
    expect(held.matchPayout).toMatchObject({ status: 'held', signature: null });
  });

  it.each<[string, Partial<TransactionNotice>]>([
    ['of another game', { game_id: OTHER }],
    ['with no game id (as the server sent them before)', { game_id: null }],
    ['an entry fee', { type: 'entry_fee', status: 'confirmed' }],
    ['a refund', { type: 'refund', status: 'confirmed' }],
    ['without its exact lamports', { amount_lamports: undefined }],
  ])('a notice %s changes nothing', (_, change) => {
    const before = over();
    expect(told(before, notice(change))).toBe(before);
  });
});
