import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { reduce } from './reduce.ts';
import { searching, server } from './test-support/reduce-fixtures.ts';

/** A paid search refused for a restricted jurisdiction ends the search and is a toast. */
describe('restricted jurisdictions on the client', () => {
  it('restricted_jurisdiction: the search the player asked for is over, and the server text is shown', () => {
    const before = searching();
    expect(before.searching).toBe(true);
    const after = reduce(
      before,
      server({
        type: 'error',
        data: { message: ERROR_MESSAGES.restrictedJurisdiction, code: 'restricted_jurisdiction' },
      }),
    );
    expect(after.searching).toBe(false);
    expect(after.searchStartTime).toBeNull();
    expect(after.notice).toMatchObject({
      kind: 'error',
      message: ERROR_MESSAGES.restrictedJurisdiction,
      code: 'restricted_jurisdiction',
    });
  });
});
