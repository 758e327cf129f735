import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerShapeError } from '../../common/api/parse-answer.ts';
import { fetchBanStatus } from './ban-status.ts';

const W = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

afterEach(() => vi.unstubAllGlobals());

const answering = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );

describe('§7 POST /api/ban-status is read through its contract', () => {
  it('an answer that fits is the restriction the lobby shows', async () => {
    answering({ banned: true, walletBanned: true, ipBanned: false, message: null });
    await expect(fetchBanStatus(W)).resolves.toEqual({
      banned: true,
      message: 'Your wallet has been banned',
      paidPlayRestricted: null,
    });
  });

  it('a malformed answer is a clear error naming the call and the field', async () => {
    answering({ banned: 'yes' });
    const failure = await fetchBanStatus(W).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerShapeError);
    expect((failure as Error).message).toMatch(
      /^POST \/api\/ban-status answered an unexpected shape: banned: /,
    );
  });
});
