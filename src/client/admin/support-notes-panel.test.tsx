// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportNoteRow } from '../../common/api/support-notes.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { WALLET_A, walletDetail } from './test-support/admin-rows.ts';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState(null, '', '/');
});

const NOTE: SupportNoteRow = {
  id: '44444444-4444-4444-8444-444444444444',
  targetKind: 'wallet',
  target: WALLET_A,
  text: 'Called the player: refund confirmed on chain.',
  by: 'support@pong.example',
  at: '2026-11-23T10:00:00.000Z',
};
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

function walletPage(role: string, notes: SupportNoteRow[]) {
  const api = fakeAdminApi({
    'GET /api/admin/user': jsonResponse(200, { user: { role, currentIP: '203.0.113.7' } }),
    [`GET /api/admin/wallets/${WALLET_A}`]: jsonResponse(200, walletDetail()),
    'GET /api/admin/notes': jsonResponse(200, page(notes)),
    'POST /api/admin/notes': (request) =>
      jsonResponse(200, { ...NOTE, id: '55555555-5555-4555-8555-555555555555', ...(request.body as object) }),
  });
  renderApp(`/admin/wallets/${WALLET_A}`);
  return api;
}

describe("a wallet's support notes", () => {
  it('lists who wrote each note and when, and says notes cannot be edited or deleted', async () => {
    walletPage('viewer', [NOTE]);
    const notes = await screen.findByRole('list', { name: 'Support notes' });
    await within(notes).findByText(NOTE.text);
    expect(notes.textContent).toContain('support@pong.example');
    expect(notes.textContent).toContain('Nov 23, 2026, 10:00 AM UTC');
    expect(screen.getByText('Notes are kept as written: they cannot be edited or deleted.')).toBeTruthy();
  });

  it('the view-only role is offered no way to write one', async () => {
    walletPage('viewer', [NOTE]);
    await screen.findByText(NOTE.text);
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('support writes one: the trimmed text is posted for this wallet, then the notes are read again', async () => {
    const api = walletPage('support', []);
    await screen.findByText('No notes yet');
    const add = screen.getByRole('button', { name: 'Add note' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Note text'), { target: { value: '  Player disputes game 3  ' } });
    const before = api.to('GET', '/api/admin/notes').length;
    await click(add);
    expect(api.to('POST', '/api/admin/notes').map((r) => r.body)).toEqual([
      { targetKind: 'wallet', target: WALLET_A, text: 'Player disputes game 3' },
    ]);
    await waitFor(() => expect(api.to('GET', '/api/admin/notes').length).toBeGreaterThan(before));
    expect((screen.getByLabelText('Note text') as HTMLTextAreaElement).value).toBe('');
    expect(api.to('GET', '/api/admin/notes')[0]?.query.get('wallet')).toBe(WALLET_A);
  });
});
