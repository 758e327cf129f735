import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../common/wire-codes.ts';
import { reduce } from './reduce.ts';
import { searching, server } from './test-support/reduce-fixtures.ts';

/** A paid search refused by the player's own exclusion or loss limit ends the search and is a toast. */
describe('player protection refusals on the client', () => {
  it.each<ErrorCode>(['self_excluded', 'loss_limit_reached', 'loss_limit_exceeded'])(
    '%s: the search is over and the server text (with its refund) is shown',
    (code) => {
      const message = `Refused (${code}). Your entry fee of 0.1 SOL is being refunded to your wallet in full.`;
      const after = reduce(
        searching(),
        server({ type: 'error', data: { message, code, refundLamports: '100000000' } }),
      );
      expect(after.searching).toBe(false);
      expect(after.paymentSignature).toBeNull();
      expect(after.notice).toMatchObject({ kind: 'error', message, code });
    },
  );
});
