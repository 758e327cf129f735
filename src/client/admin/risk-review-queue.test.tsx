// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiskEvidence } from '../../common/api/risk-evidence.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { flaggedRow, GAME_ID, WALLET_A, WALLET_B } from './test-support/admin-rows.ts';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

const EVIDENCE: RiskEvidence = {
  version: 1,
  score: 100,
  computedAt: '2026-11-23T09:30:00.000Z',
  signals: [
    {
      kind: 'chip_dumping',
      points: 70,
      summary: `Met ${WALLET_B} in 8 paid games (15.2× chance); lost 8 of them; shared IP 10.9.9.9`,
      figures: { games: 8, ratio: 15.2, sharedIps: ['10.9.9.9'] },
      games: [GAME_ID],
      otherWallet: WALLET_B,
    },
    {
      kind: 'fast_reactions',
      points: 60,
      summary: "Median reaction 50 ms to the opponent's hit; 100% under 120 ms over 40 reactions",
      figures: { reactions: 40, medianMs: 50, fastShare: 1 },
      games: [GAME_ID],
    },
  ],
};
const systemFlag = flaggedRow({
  flaggedBy: 'system',
  reason: 'Risk score 100: chip_dumping, fast_reactions',
  severity: 'critical',
  evidence: EVIDENCE,
});

async function openQueue(answers: Parameters<typeof fakeAdminApi>[0] = {}) {
  const api = fakeAdminApi({
    'GET /api/admin/flagged-wallets': jsonResponse(200, page([systemFlag])),
    ...answers,
  });
  renderApp('/admin');
  await screen.findByTestId('admin-role');
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Security' })));
  const table = await screen.findByRole('table', { name: 'Flagged Wallets' });
  await within(table).findByRole('link', { name: `Wallet ${WALLET_A}` });
  return { api, table };
}

describe('the review queue of flags the risk pass raised', () => {
  it('shows each reason with its points, sentence, figures, the other wallet and links to the games', async () => {
    const { table } = await openQueue();
    const evidence = within(table).getByLabelText('Risk score 100');
    expect(evidence.textContent).toContain('Chip dumping / collusion +70');
    expect(evidence.textContent).toContain('Inhuman reactions +60');
    expect(evidence.textContent).toContain('Median reaction 50 ms');
    expect(evidence.textContent).toContain('Shared IPs10.9.9.9');
    expect(evidence.textContent).toContain('Median reaction (ms)50');
    expect(evidence.textContent).not.toMatch(/sharedIps|medianMs/);
    expect(within(evidence).getByRole('link', { name: `Wallet ${WALLET_B}` })).toBeTruthy();
    expect(within(evidence).getAllByRole('link', { name: `Game ${GAME_ID}` })).toHaveLength(2);
    expect(within(table).getByText('system')).toBeTruthy();
  });

  it("an operator's own flag keeps its text evidence", async () => {
    const { table } = await openQueue({
      'GET /api/admin/flagged-wallets': jsonResponse(200, page([flaggedRow()])),
    });
    expect(within(table).getByText('Ten games in a row against one wallet')).toBeTruthy();
    expect(within(table).queryByLabelText(/Risk score/)).toBeNull();
  });

  it('Ban: bans the wallet with the reason, then closes the flag with it', async () => {
    const { api, table } = await openQueue({
      'POST /api/admin/ban-wallet': jsonResponse(200, {
        success: true,
        walletAddress: WALLET_A,
        isBanned: true,
      }),
      'POST /api/admin/resolve-flag': jsonResponse(200, { ...systemFlag, isActive: false }),
    });
    await click(within(table).getByRole('button', { name: `Ban flagged wallet ${WALLET_A}` }));
    const dialog = screen.getByRole('dialog', { name: 'Ban Wallet' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Chip dumping' } });
    await click(within(dialog).getByRole('button', { name: 'Ban Wallet' }));
    await waitFor(() => expect(api.to('POST', '/api/admin/resolve-flag')).toHaveLength(1));
    expect(api.to('POST', '/api/admin/ban-wallet').map((r) => r.body)).toEqual([
      { walletAddress: WALLET_A, reason: 'Chip dumping' },
    ]);
    expect(api.to('POST', '/api/admin/resolve-flag')[0]?.body).toEqual({
      flagId: systemFlag.id,
      resolution: 'Banned: Chip dumping',
    });
  });
});
