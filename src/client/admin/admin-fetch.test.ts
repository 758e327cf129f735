// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { adminStatsSchema } from '../../common/api/admin-views.ts';
import { AnswerShapeError } from '../../common/api/parse-answer.ts';
import { jsonResponse } from '../test-support/render-app.tsx';
import { AdminRequestError, createAdminFetch } from './admin-fetch.ts';
import { STATS } from './test-support/fake-admin-api.ts';

const apiAnswering = (res: Response) => {
  const onSignedOut = vi.fn();
  const api = createAdminFetch({ gate: null, onSignedOut, fetchImpl: vi.fn(async () => res) });
  return { api, onSignedOut };
};

describe('§7 the back-office reads the admin API through its contract', () => {
  it('an answer that fits its schema is returned as read', async () => {
    const { api } = apiAnswering(jsonResponse(200, STATS));
    await expect(api.get(adminStatsSchema, '/stats')).resolves.toEqual(STATS);
  });

  it('a malformed answer is a clear error naming the call and the field, not a cast', async () => {
    const { api } = apiAnswering(jsonResponse(200, { ...STATS, totalPayoutsLamports: 37_500_000 }));
    const failure = await api.get(adminStatsSchema, '/stats').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerShapeError);
    expect((failure as Error).message).toMatch(
      /^GET \/api\/admin\/stats answered an unexpected shape: totalPayoutsLamports: /,
    );
  });

  it("§8 a refusal is the server's `error` text; a 401 ends the session", async () => {
    const { api, onSignedOut } = apiAnswering(jsonResponse(401, { error: 'Not authenticated' }));
    const failure = await api.get(adminStatsSchema, '/stats').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AdminRequestError);
    expect((failure as Error).message).toBe('Not authenticated');
    expect(onSignedOut).toHaveBeenCalledOnce();
  });
});
