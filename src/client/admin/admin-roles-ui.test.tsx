// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAccount } from '../../common/api/admin-accounts-api.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { eventRow, flaggedRow, ipRow, WALLET_A, walletRow } from './test-support/admin-rows.ts';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const OWNER_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';

const account = (over: Partial<AdminAccount> = {}): AdminAccount => ({
  id: OTHER_ID,
  email: 'support@pong.example',
  username: 'support',
  role: 'support',
  isActive: true,
  twoFactorEnrolled: true,
  lastLogin: '2026-11-23T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

function stubAs(role: string, answers: Parameters<typeof fakeAdminApi>[0] = {}) {
  return fakeAdminApi({
    'GET /api/admin/user': jsonResponse(200, {
      user: { id: OWNER_ID, email: 'me@pong.example', role, currentIP: '203.0.113.7' },
    }),
    'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])),
    'GET /api/admin/ips': jsonResponse(200, page([ipRow()])),
    'GET /api/admin/flagged-wallets': jsonResponse(200, page([flaggedRow()])),
    'GET /api/admin/system-events': jsonResponse(200, page([eventRow()])),
    ...answers,
  });
}

async function openPanel() {
  renderApp('/admin');
  await screen.findByTestId('admin-role');
}
const openTab = (name: string) => click(screen.getByRole('tab', { name }));

describe('§6 the panel shows each role only the controls it may use', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['support', false],
    ['viewer', false],
  ] as const)(
    '%s: ban, flag, resolve and export controls present = %s; the badge shows the role',
    async (role, acts) => {
      stubAs(role);
      await openPanel();
      expect(screen.getByTestId('admin-role').textContent).toBe(role);
      await openTab('Wallets');
      await screen.findByText('1', { exact: false });
      await waitFor(() => expect(screen.queryAllByRole('table').length).toBeGreaterThan(0));
      expect(screen.queryByRole('button', { name: `Ban wallet ${WALLET_A}` }) !== null).toBe(acts);
      await openTab('Security');
      await waitFor(() => expect(screen.queryAllByRole('table').length).toBeGreaterThan(0));
      expect(screen.queryAllByRole('button', { name: /^(Ban|Unban) IP / }).length > 0).toBe(acts);
      expect(screen.queryAllByRole('button', { name: /^Resolve flag of / }).length > 0).toBe(acts);
      await openTab('System Events');
      await waitFor(() => expect(screen.queryAllByRole('table').length).toBeGreaterThan(0));
      expect(screen.queryAllByRole('button', { name: /^Resolve event / }).length > 0).toBe(acts);
      await openTab('Transactions');
      await screen.findByText('No transactions yet');
      expect(screen.queryByLabelText('Export from') !== null).toBe(acts);
    },
  );

  it.each([
    ['owner', true],
    ['admin', false],
    ['support', false],
    ['viewer', false],
  ] as const)('%s: the Admins tab is shown = %s', async (role, shown) => {
    stubAs(role);
    await openPanel();
    expect(screen.queryByRole('tab', { name: 'Admins' }) !== null).toBe(shown);
  });
});

describe("the owner's Admins tab", () => {
  it('lists the admins; the own row has no controls; a role change and a deactivation are posted', async () => {
    const api = stubAs('owner', {
      'GET /api/admin/admins': jsonResponse(200, {
        admins: [account({ id: OWNER_ID, email: 'me@pong.example', role: 'owner' }), account()],
      }),
      'POST /api/admin/admins/role': jsonResponse(200, { success: true, admin: account({ role: 'viewer' }) }),
      'POST /api/admin/admins/deactivate': jsonResponse(200, {
        success: true,
        admin: account({ isActive: false }),
      }),
    });
    await openPanel();
    await openTab('Admins');
    const table = await screen.findByRole('table', { name: 'Admins' });
    const [, own, other] = within(table).getAllByRole('row');
    expect(own?.textContent).toContain('(you)');
    expect(within(own as HTMLElement).queryAllByRole('button')).toHaveLength(0);
    expect(within(own as HTMLElement).queryByRole('combobox')).toBeNull();

    // A role is changed only once confirmed: choosing one asks first, saying from what to what.
    const select = within(other as HTMLElement).getByLabelText('Role of support@pong.example');
    await act(async () => fireEvent.change(select, { target: { value: 'owner' } }));
    const asked = screen.getByRole('dialog');
    expect(asked.textContent).toContain('Make support@pong.example owner?');
    expect(asked.textContent).toContain('From support to owner');
    expect(api.to('POST', '/api/admin/admins/role')).toHaveLength(0);
    await click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(api.to('POST', '/api/admin/admins/role')).toHaveLength(0);
    expect((select as HTMLSelectElement).value).toBe('support');

    await act(async () => fireEvent.change(select, { target: { value: 'viewer' } }));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make viewer' }));
    expect(api.to('POST', '/api/admin/admins/role').map((r) => r.body)).toEqual([
      { adminId: OTHER_ID, role: 'viewer' },
    ]);

    await click(
      within(other as HTMLElement).getByRole('button', { name: 'Deactivate support@pong.example' }),
    );
    const dialog = screen.getByRole('dialog');
    expect(api.to('POST', '/api/admin/admins/deactivate')).toHaveLength(0);
    await click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(api.to('POST', '/api/admin/admins/deactivate').map((r) => r.body)).toEqual([
      { adminId: OTHER_ID },
    ]);
  });

  it('creates an admin with e-mail, password and role; a refusal shows the server reason', async () => {
    let created = 0;
    const api = stubAs('owner', {
      'GET /api/admin/admins': jsonResponse(200, { admins: [] }),
      'POST /api/admin/admins': () => {
        created += 1;
        return created === 1
          ? jsonResponse(200, { success: true, admin: account() })
          : jsonResponse(409, { error: 'An admin with this e-mail exists already' });
      },
    });
    await openPanel();
    await openTab('Admins');
    const form = await screen.findByRole('form', { name: 'New admin' });
    const fill = () => {
      fireEvent.change(within(form).getByLabelText('Email'), { target: { value: ' new@pong.example ' } });
      fireEvent.change(within(form).getByLabelText('First password'), {
        target: { value: 'a long first password' },
      });
      fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'support' } });
    };
    fill();
    await click(within(form).getByRole('button', { name: 'Create Admin' }));
    expect(api.to('POST', '/api/admin/admins').map((r) => r.body)).toEqual([
      { email: 'new@pong.example', password: 'a long first password', role: 'support' },
    ]);
    fill();
    await click(within(form).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('An admin with this e-mail exists already')).toBeTruthy();
  });

  it("shows each admin's last whole sign-in, and 'Never' for one who has not signed in yet", async () => {
    stubAs('owner', {
      'GET /api/admin/admins': jsonResponse(200, {
        admins: [account(), account({ id: OWNER_ID, email: 'new@pong.example', lastLogin: null })],
      }),
    });
    await openPanel();
    await openTab('Admins');
    const table = await screen.findByRole('table', { name: 'Admins' });
    const [head, signedIn, never] = within(table).getAllByRole('row');
    const column = within(head as HTMLElement)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Last sign-in');
    expect(column).toBeGreaterThan(0);
    const cellOf = (row: HTMLElement | undefined) => within(row as HTMLElement).getAllByRole('cell')[column];
    expect(cellOf(signedIn)?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-23T10:00:00.000Z',
    );
    expect(cellOf(signedIn)?.textContent).toContain('2026');
    expect(cellOf(never)?.textContent).toBe('Never');
  });
});
