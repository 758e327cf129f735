import { describe, expect, it } from 'vitest';
import { parseClientMessage } from '../../common/client-message-parse.ts';
import type { ErrorCode } from '../../common/protocol.ts';
import { findMatchMessage } from '../controller/outgoing-messages.ts';
import { reduce } from './reduce.ts';
import { AT, check, server, view } from './test-support/reduce-fixtures.ts';

const CODE = '7dJk2mQpR9xZ';
const WALLET = { publicKey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', balanceLamports: 1_000_000_000n };

/**
 * Challenge a friend in the client's state: the search remembers what it asked for (so a payment resent after
 * a passing refusal still opens, or accepts, the challenge), the server's answer names the open challenge
 * (also after a reload), and the lobby after it knows no challenge.
 */
describe('a challenge in the client state', () => {
  it('opening one: the search asks for a challenge; the answer names its code and expiry', () => {
    const asked = check(
      view({ connected: true }),
      { type: 'findMatch', mode: 'smol_shrimp', paymentSignature: null, at: AT, challenge: 'new' },
      { searching: true, challengeRequest: 'new', openChallenge: null },
    );
    const answered = check(
      asked,
      server({
        type: 'findMatch',
        status: 'searching',
        gameMode: 'smol_shrimp',
        message: 'Waiting for your friend to accept',
        challenge: { code: CODE, expiresAt: AT + 600_000 },
      }),
      { searching: true, openChallenge: { code: CODE, expiresAt: AT + 600_000 } },
    );
    const cancelled = reduce(
      answered,
      server({ type: 'cancelSearch', success: true, message: 'Search cancelled' }),
    );
    expect(cancelled.searching).toBe(false);
    expect(cancelled.openChallenge ?? null).toBeNull();
    expect(cancelled.challengeRequest ?? null).toBeNull();
  });

  it('after a reload, the server’s answer alone brings the open challenge back', () => {
    check(
      view({ connected: true }),
      server({
        type: 'findMatch',
        status: 'searching',
        gameMode: 'practice',
        message: 'Waiting for your friend to accept',
        challenge: { code: CODE, expiresAt: AT + 60_000 },
      }),
      { searching: true, gameMode: 'practice', openChallenge: { code: CODE, expiresAt: AT + 60_000 } },
    );
  });

  it('a public search knows no challenge, and its answer names none', () => {
    const asked = check(
      view({ connected: true }),
      { type: 'findMatch', mode: 'tiny_tuna', paymentSignature: null, at: AT },
      { challengeRequest: null },
    );
    check(
      asked,
      server({ type: 'findMatch', status: 'searching', gameMode: 'tiny_tuna', message: 'Searching' }),
      { openChallenge: null },
    );
  });

  it('findMatch carries the challenge the server accepts, and leaves out one it would refuse', () => {
    const open = findMatchMessage('smol_shrimp', null, WALLET, AT, 'new');
    const accept = findMatchMessage('smol_shrimp', null, WALLET, AT, CODE);
    const bogus = findMatchMessage('smol_shrimp', null, WALLET, AT, 'not a code');
    expect(open).toMatchObject({ challenge: 'new' });
    expect(accept).toMatchObject({ challenge: CODE });
    expect(bogus).not.toHaveProperty('challenge');
    for (const message of [open, accept, bogus]) {
      expect(parseClientMessage(JSON.stringify(message)).ok).toBe(true);
    }
  });

  it.each<ErrorCode>([
    'challenge_not_open',
    'own_challenge',
    'challenge_mode_mismatch',
    'challenge_not_started',
  ])('an accept refused with %s ends the search, and the player is told why', (code) => {
    const asked = reduce(view({ connected: true }), {
      type: 'findMatch',
      mode: 'smol_shrimp',
      paymentSignature: null,
      at: AT,
      challenge: CODE,
    });
    check(asked, server({ type: 'error', data: { message: 'This challenge is no longer open', code } }), {
      searching: false,
      notice: expect.objectContaining({ kind: 'error', code }),
    });
  });
});
