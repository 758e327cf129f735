import { describe, expect, it } from 'vitest';
import type { ErrorCode, ServerMessage } from '../../common/protocol.ts';
import { PASSING_REFUSAL_CODES } from '../../common/protocol-texts.ts';
import { PAYMENT_RETRY, paymentRetryDelayMs } from './payment-retry.ts';
import { reduce } from './reduce.ts';
import { AT, check, type Row, searching, server } from './test-support/reduce-fixtures.ts';

/**
 * A paid search refused for a passing reason keeps its payment and tries again (state/payment-retry.ts); a
 * final refusal ends the search and drops the signature. The reducer decides; the controller's effects send.
 */

const SIGNATURE = '5'.repeat(88);
const error = (code: ErrorCode, message = 'not yet'): ServerMessage => ({
  type: 'error',
  data: { message, code },
});
/** A paid search whose findMatch has gone out and not been answered yet. */
const paying = (over: Parameters<typeof searching>[0] = {}) =>
  searching({
    gameMode: 'tiny_tuna',
    paymentSignature: SIGNATURE,
    searchQueued: false,
    searchStartTime: AT - 1_000,
    ...over,
  });

describe('a passing refusal keeps the payment of a paid search', () => {
  it.each(PASSING_REFUSAL_CODES.map((code) => [code]))(
    '%s: still searching with the same signature, a first retry pending, and no error shown',
    (code) => {
      const after = check(paying(), server(error(code)), {
        searching: true,
        paymentSignature: SIGNATURE,
        paymentRetry: { attempt: 1, since: AT },
        lastError: null,
      });
      expect(after.notice ?? null).toBeNull();
    },
  );

  it.each<Row>([
    [
      'a second passing refusal counts a second attempt from the same first refusal',
      paying({ paymentRetry: { attempt: 1, since: AT - 1_000 } }),
      server(error('payment_not_visible')),
      { searching: true, paymentSignature: SIGNATURE, paymentRetry: { attempt: 2, since: AT - 1_000 } },
    ],
    [
      'the queue taking the search ends the retry',
      paying({ paymentRetry: { attempt: 3, since: AT - 7_000 } }),
      server({ type: 'joinQueue', queueType: 'tiny_tuna', queuePosition: 1, playersOnline: 2 }),
      { searching: true, searchQueued: true, paymentRetry: null, paymentSignature: SIGNATURE },
    ],
    [
      'a passing code without a payment to send again ends the search',
      searching({ gameMode: 'practice', searchQueued: false, paymentSignature: null }),
      server(error('verification_busy')),
      { searching: false, paymentRetry: null },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });

  it('past about two minutes from the first passing refusal, it is given up and the player told plainly', () => {
    const since = AT - PAYMENT_RETRY.budgetMs + 5_000;
    const after = check(
      paying({ paymentRetry: { attempt: 17, since } }),
      server(error('payment_not_visible')),
      {
        searching: false,
        paymentSignature: null,
        paymentRetry: null,
        state: 'waiting',
      },
    );
    expect(after.notice).toMatchObject({ kind: 'paymentUnconfirmed' });
  });

  it('leaving while the payment is being confirmed (the retry not yet sent) tells the player what becomes of it', () => {
    const before = paying({ paymentRetry: { attempt: 2, since: AT - 3_000 } });
    const after = reduce(before, { type: 'searchAbandoned', at: AT });
    expect(after).toMatchObject({ searching: false, paymentSignature: null, paymentRetry: null });
    expect(after.notice).toMatchObject({ kind: 'paymentUnconfirmed' });
  });
});

describe('a final refusal ends the paid search and drops its signature', () => {
  it.each<[ErrorCode, string]>([
    ['entry_refunded', 'Your search could not be started. Your entry fee of 0.1 SOL is being refunded.'],
    ['entry_refund_pending', 'Your entry fee of 0.1 SOL will be refunded automatically within minutes.'],
    ['payment_refused', 'This payment was not made by your connected wallet'],
    ['matchmaking_unavailable', 'Matchmaking is unavailable right now'],
  ])('%s: not searching, no signature kept, the message shown', (code, message) => {
    const after = check(
      paying({ paymentRetry: { attempt: 2, since: AT - 3_000 } }),
      server(error(code, message)),
      {
        searching: false,
        paymentSignature: null,
        paymentRetry: null,
        lastError: message,
      },
    );
    expect(after.notice).toMatchObject({ kind: 'error', message, code });
  });
});

describe('the backoff between tries', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [12, 8_000],
  ])('after passing refusal %i the same findMatch goes again in %i ms', (attempt, ms) => {
    expect(paymentRetryDelayMs(attempt)).toBe(ms);
  });

  it('tries stop within about two minutes of the first passing refusal', () => {
    let at = AT;
    let current = paying();
    let refusals = 0;
    while (current.searching && refusals < 100) {
      current = reduce(current, server(error('payment_not_visible'), at));
      refusals++;
      if (current.paymentRetry) at += paymentRetryDelayMs(current.paymentRetry.attempt);
    }
    expect(at - AT).toBeLessThanOrEqual(PAYMENT_RETRY.budgetMs);
    expect(at - AT).toBeGreaterThan(PAYMENT_RETRY.budgetMs - PAYMENT_RETRY.maxDelayMs - 1);
    expect(refusals).toBe(18);
  });
});
