// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminHeldPayoutRow } from '../../common/api/admin-rows.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { GAME_ID, WALLET_A } from './test-support/admin-rows.ts';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const JOB = '33333333-3333-4333-8333-333333333333';
const held = (fields: Partial<AdminHeldPayoutRow> = {}): AdminHeldPayoutRow => ({
  jobId: JOB,
  gameId: GAME_ID,
  walletAddress: WALLET_A,
  amount: 0.15,
  amountLamports: '150000000',
  banReason: 'collusion',
  bannedBy: 'ops@example.com',
  heldAt: '2026-11-23T10:00:00.000Z',
  state: 'held',
  jobStatus: 'held',
  resolvedAt: null,
  resolvedBy: null,
  resolutionReason: null,
  ...fields,
});
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

async function openGames() {
  renderApp('/admin');
  await screen.findByTestId('admin-role');
  await click(screen.getByRole('tab', { name: 'Games' }));
}

describe('the Games tab lists held payouts with their two decisions', () => {
  it.each([
    ['Release', '/api/admin/held-payouts/release', 'Payout Released'],
    ['Refund Loser', '/api/admin/held-payouts/refund-loser', 'Loser Refunded'],
  ])('%s asks a reason, posts it with the job id, toasts and refetches', async (label, path, done) => {
    const api = fakeAdminApi({
      'GET /api/admin/held-payouts': jsonResponse(200, page([held()])),
      [`POST ${path}`]: jsonResponse(200, { success: true, message: done }),
    });
    await openGames();
    await click(await screen.findByRole('button', { name: `${label} held payout of game ${GAME_ID}` }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' appeal upheld ' } });
    const before = api.to('GET', '/api/admin/held-payouts').length;
    await click(within(dialog).getByRole('button', { name: label }));
    expect(api.to('POST', path).map((r) => r.body)).toEqual([{ jobId: JOB, reason: 'appeal upheld' }]);
    await waitFor(() => expect(api.to('GET', '/api/admin/held-payouts').length).toBeGreaterThan(before));
  });

  it('a decided hold shows its decision and offers no action', async () => {
    fakeAdminApi({
      'GET /api/admin/held-payouts': jsonResponse(
        200,
        page([held({ state: 'released', resolvedBy: 'ops@example.com', resolutionReason: 'appeal upheld' })]),
      ),
    });
    await openGames();
    expect(await screen.findByText('Released by ops@example.com: appeal upheld')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Release held payout of game ${GAME_ID}` })).toBeNull();
  });
});
