import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../common/wire-codes.ts';
import type { GameEvent } from './game-events.ts';
import { reduce } from './reduce.ts';
import { AT, check, playing, QUEUES, server, view } from './test-support/reduce-fixtures.ts';

/** The reducer (state/reduce.ts) against SPEC §8 server errors, and lastEvent. */

describe('server errors', () => {
  const error = (message: string, code?: ErrorCode): GameEvent =>
    server({ type: 'error', data: code ? { message, code } : { message } });

  it("'Rate limit exceeded' is not shown and changes nothing", () => {
    check(playing(), error('Rate limit exceeded', 'rate_limited'), 'unchanged');
  });

  it('other server texts are shown, once for a quick repeat', () => {
    const first = check(view(), error('Already Searching', 'already_searching'), {
      lastError: 'Already Searching',
      lastErrorCode: 'already_searching',
      notice: { id: 1, kind: 'error', message: 'Already Searching', code: 'already_searching' },
    });
    const again = reduce(first, { ...error('Already Searching'), at: AT + 500 });
    expect(again.notice?.id).toBe(1);
    const later = reduce(again, { ...error('Already Searching'), at: AT + 5_000 });
    expect(later.notice?.id).toBe(2);
  });

  it('account_restricted is left to the lobby banner; a stray not_in_game is not a toast', () => {
    for (const code of ['account_restricted', 'not_in_game'] as const) {
      const after = reduce(view(), error('x', code));
      expect(after.lastErrorCode).toBe(code);
      expect(after.notice).toBeNull();
    }
  });
});

describe('lastEvent', () => {
  it('names the last event that changed the view', () => {
    const after = reduce(view(), server({ type: 'queueUpdate', queueLengths: QUEUES, playersOnline: 3 }));
    expect(after.lastEvent).toBe('queueUpdate');
  });
});
