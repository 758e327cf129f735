import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  RECONNECT_REFUSAL_CODES,
  type ServerMessageOf,
  type SettledSearch,
} from '../../common/protocol.ts';
import { reduce } from './reduce.ts';
import {
  AT,
  check,
  GAME,
  playing,
  type Row,
  searching,
  server,
  view,
} from './test-support/reduce-fixtures.ts';

/**
 * The page follows the server's `held` (sent on every connection), never the other way round: a search the
 * server no longer holds is cleared, what became of it stays on the lobby, and a search it holds shows the
 * server's own wait.
 */

const SEARCH = '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const SIG = '5'.repeat(88);
const held = (
  holds: ServerMessageOf<'held'>['holds'],
  settled: SettledSearch | null = null,
): ServerMessageOf<'held'> => ({ type: 'held', holds, settled });
const refunded: SettledSearch = {
  searchId: SEARCH,
  gameMode: 'smol_shrimp',
  status: 'error',
  gameId: null,
  refund: {
    lamports: '25000000',
    percent: 100,
    reason: 'system_error',
    status: 'sent',
    signature: SIG,
    transactionId: 'tx-1',
  },
};
const paidSearch = (over = {}) =>
  searching({ gameMode: 'smol_shrimp', paymentSignature: SIG, searchId: SEARCH, ...over });

describe('held: the page follows what the server holds', () => {
  it.each<Row>([
    [
      'a phantom paid search (the server restarted and refunded it) is cleared, its refund kept for the lobby',
      paidSearch(),
      server(held({ kind: 'nothing' }, refunded)),
      {
        searching: false,
        searchStartTime: null,
        paymentSignature: null,
        state: 'waiting',
        settledSearch: refunded,
      },
    ],
    [
      "a cancel under way ('Refund being processed...') ends with what happened",
      paidSearch({ cancelling: 'refunding' }),
      server(held({ kind: 'nothing' }, refunded)),
      { searching: false, cancelling: 'idle', settledSearch: refunded },
    ],
    [
      'a phantom Free Play search is cleared (no money: nothing to refund)',
      searching({ searchId: SEARCH }),
      server(
        held(
          { kind: 'nothing' },
          { searchId: SEARCH, gameMode: 'practice', status: 'error', gameId: null, refund: null },
        ),
      ),
      { searching: false, state: 'waiting', settledSearch: expect.objectContaining({ status: 'error' }) },
    ],
    [
      'a search the server holds shows its wait as the server counts it',
      searching({ searchStartTime: AT - 2_000 }),
      server(
        held({
          kind: 'search',
          searchId: SEARCH,
          gameMode: 'practice',
          waitedMs: 71_000,
          entryLamports: null,
        }),
      ),
      { searching: true, searchStartTime: AT - 71_000, searchId: SEARCH },
    ],
    [
      'a findMatch the server has not answered yet is not cleared by a held sent before it arrived',
      searching({ searchQueued: false }),
      server(held({ kind: 'nothing' })),
      'unchanged',
    ],
    [
      'a match under way is left to its own messages',
      playing(),
      server(held({ kind: 'match', gameId: GAME })),
      'unchanged',
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });

  it('the lobby notice goes when dismissed, and with the next search', () => {
    const lobby = reduce(paidSearch(), server(held({ kind: 'nothing' }, refunded)));
    expect(lobby.searchId ?? null).toBeNull();
    expect(reduce(lobby, { type: 'settledDismissed', at: AT }).settledSearch).toBeNull();
    const next = reduce(lobby, { type: 'findMatch', mode: 'practice', paymentSignature: null, at: AT });
    expect(next.settledSearch ?? null).toBeNull();
  });

  it("a cancel's late 'not searching' answer, after held cleared the search, says nothing more", () => {
    const lobby = reduce(
      paidSearch({ cancelling: 'refunding' }),
      server(held({ kind: 'nothing' }, refunded)),
    );
    const after = reduce(
      lobby,
      server({ type: 'error', data: { message: 'Not searching', code: 'not_searching' } }),
    );
    expect(after).toBe(lobby);
  });

  it("the refund's own notice (its ledger id) turns 'being refunded' into 'refunded', with its signature", () => {
    const pending: SettledSearch = {
      ...refunded,
      refund: { ...refunded.refund!, status: 'pending', signature: null },
    };
    const lobby = reduce(paidSearch(), server(held({ kind: 'nothing' }, pending)));
    const other = reduce(lobby, {
      type: 'refundNoticed',
      transactionId: 'tx-2',
      signature: SIG,
      confirmed: false,
      at: AT,
    });
    expect(other).toBe(lobby);
    const sent = reduce(lobby, {
      type: 'refundNoticed',
      transactionId: 'tx-1',
      signature: SIG,
      confirmed: true,
      at: AT,
    });
    expect(sent.settledSearch?.refund).toMatchObject({ status: 'confirmed', signature: SIG });
  });

  it("a reconnect's 'Game not found' after a restart, then held naming the interrupted match: the lobby says so, exactly", () => {
    const interrupted: SettledSearch = {
      ...refunded,
      status: 'interrupted',
      gameId: GAME,
      refund: { ...refunded.refund!, reason: 'game_error', status: 'pending', signature: null },
    };
    const failed = reduce(
      playing({ isDisconnected: true }),
      server({
        type: 'reconnectionFailed',
        message: ERROR_MESSAGES.gameNotFound,
        clearStoredGameId: true,
        code: RECONNECT_REFUSAL_CODES.gameNotFound,
      }),
    );
    expect(failed.gameId).toBeNull();
    const lobby = reduce(failed, server(held({ kind: 'nothing' }, interrupted)));
    expect(lobby).toMatchObject({
      gameId: null,
      searching: false,
      settledSearch: interrupted,
      lastError: null,
    });
    // The connect that follows is answered with nothing settled: the notice stays.
    expect(reduce(lobby, server(held({ kind: 'nothing' }))).settledSearch).toEqual(interrupted);
  });

  it('the findMatch reply names the search, which the view keeps', () => {
    const after = reduce(
      view({ searching: true, gameMode: 'practice' }),
      server({
        type: 'findMatch',
        status: 'searching',
        gameMode: 'practice',
        message: 'x',
        searchId: SEARCH,
      }),
    );
    expect(after.searchId).toBe(SEARCH);
  });
});
