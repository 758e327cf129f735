import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/protocol.ts';
import { SIGNATURE, setup } from './test-support/controller-bed.ts';

/**
 * A paid findMatch refused for a passing reason is sent again, with the same payment signature, after 1 s,
 * 2 s, 4 s, then every 8 s, until the server takes it or about two minutes have passed; the player's cancel
 * stops it. The controller over a fake socket, manual timers and a fake clock.
 */

const notVisible: ServerMessage = {
  type: 'error',
  data: { message: 'Payment not visible on chain yet', code: 'payment_not_visible' },
};
const busy: ServerMessage = {
  type: 'error',
  data: { message: 'Too many payment verifications in progress. Please wait.', code: 'verification_busy' },
};

function paidSearch() {
  const t = setup();
  t.signInAndOpen();
  t.controller.findMatch('tiny_tuna', SIGNATURE);
  t.pass(50);
  const findMatches = () => t.sent().filter((m) => m.type === 'findMatch');
  return { t, findMatches };
}

describe('a passing refusal: the same payment goes again with backoff', () => {
  it('sent again after 1 s and then 2 s with the same signature, until the queue takes it', () => {
    const { t, findMatches } = paidSearch();
    expect(findMatches()).toHaveLength(1);

    t.receive(notVisible);
    expect(t.view()).toMatchObject({ searching: true, paymentSignature: SIGNATURE, lastError: null });
    t.timers.advance(999);
    expect(findMatches()).toHaveLength(1);
    t.timers.advance(1);
    expect(findMatches()).toHaveLength(2);

    t.receive(busy);
    t.timers.advance(1_999);
    expect(findMatches()).toHaveLength(2);
    t.timers.advance(1);
    expect(findMatches()).toHaveLength(3);
    for (const message of findMatches()) {
      expect(message).toMatchObject({
        type: 'findMatch',
        gameMode: 'tiny_tuna',
        paymentSignature: SIGNATURE,
      });
    }

    t.receive({ type: 'joinQueue', queueType: 'tiny_tuna', queuePosition: 1, playersOnline: 2 });
    expect(t.view()).toMatchObject({ searching: true, searchQueued: true, paymentRetry: null });
    t.pass(60_000);
    expect(findMatches()).toHaveLength(3);
  });

  it('gives up within about two minutes, says the payment is refunded automatically, and sends nothing more', () => {
    const { t, findMatches } = paidSearch();
    const started = t.clock.now();
    for (let tries = 0; tries < 100 && t.view().searching; tries++) {
      t.receive(notVisible);
      const sent = findMatches().length;
      for (let waited = 0; waited < 20 && t.view().searching && findMatches().length === sent; waited++)
        t.pass(1_000);
    }
    expect(t.view()).toMatchObject({ searching: false, paymentSignature: null });
    expect(t.view().notice).toMatchObject({ kind: 'paymentUnconfirmed' });
    expect(t.clock.now() - started).toBeLessThanOrEqual(121_000);
    const sent = findMatches().length;
    expect(new Set(findMatches().map((m) => (m.type === 'findMatch' ? m.paymentSignature : null)))).toEqual(
      new Set([SIGNATURE]),
    );
    t.pass(60_000);
    expect(findMatches()).toHaveLength(sent);
  });

  it('the player cancelling while the payment is confirmed stops the tries at once', () => {
    const { t, findMatches } = paidSearch();
    t.receive(notVisible);
    t.pass(1_000);
    t.receive(notVisible);
    t.pass(10_000);
    t.receive(notVisible);
    t.controller.cancelSearch();
    expect(t.view()).toMatchObject({ searching: false, paymentSignature: null });
    expect(t.view().notice).toMatchObject({ kind: 'paymentUnconfirmed' });
    const sent = findMatches().length;
    t.pass(30_000);
    expect(findMatches()).toHaveLength(sent);
    expect(t.sentTypes()).not.toContain('cancelSearch');
  });

  it('a final refusal is not tried again', () => {
    const { t, findMatches } = paidSearch();
    t.receive({
      type: 'error',
      data: { message: 'This payment has already been used', code: 'payment_refused' },
    });
    t.pass(30_000);
    expect(findMatches()).toHaveLength(1);
    expect(t.view()).toMatchObject({ searching: false, paymentSignature: null });
  });
});
