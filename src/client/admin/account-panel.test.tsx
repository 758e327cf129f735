// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnSession } from '../../common/api/admin-own-account.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { RECOVERY_CODES_FILE } from './recovery-codes-list.tsx';
import { fakeAdminApi } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const EMAIL = 'ops@pong.example';

const session = (over: Partial<OwnSession>): OwnSession => ({
  id: 'this-one',
  createdAt: '2026-11-23T09:00:00.000Z',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0',
  current: true,
  secondFactorPending: false,
  ...over,
});
const PHONE = session({
  id: 'the-phone',
  ip: '198.51.100.20',
  userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1',
  current: false,
});
const PENDING = session({ id: 'pending', ip: '192.0.2.99', current: false, secondFactorPending: true });

function stubAccount(options: {
  role?: string;
  enrolled?: boolean;
  answers?: Parameters<typeof fakeAdminApi>[0];
}) {
  return fakeAdminApi({
    'GET /api/admin/user': jsonResponse(200, {
      user: { id: 'me', email: EMAIL, role: options.role ?? 'admin', currentIP: '203.0.113.7' },
    }),
    'GET /api/admin/two-factor': jsonResponse(200, { stage: null, enrolled: options.enrolled ?? true }),
    'GET /api/admin/account/sessions': jsonResponse(200, { sessions: [session({}), PHONE, PENDING] }),
    ...options.answers,
  });
}

async function openAccount() {
  renderApp('/admin');
  await click(await screen.findByRole('button', { name: 'Account' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('list', { name: 'Your sessions' });
  return dialog;
}

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe("the header's Account panel: the admin's own sessions, password and recovery codes", () => {
  it('lists the sessions with where from, which browser and when, this one marked; another is ended by its id, or all others at once', async () => {
    const api = stubAccount({
      answers: {
        'POST /api/admin/account/sessions/end': jsonResponse(200, {
          success: true,
          ended: 1,
          signedOut: false,
        }),
      },
    });
    const dialog = await openAccount();
    expect(within(dialog).getByText(EMAIL)).toBeTruthy();
    const own = within(dialog).getByRole('listitem', { name: 'This session' });
    expect(own.textContent).toContain('Firefox/140.0');
    expect(within(own).queryByRole('button')).toBeNull();
    const phone = within(dialog).getByRole('listitem', { name: 'Session from 198.51.100.20' });
    expect(phone.textContent).toContain('iPhone');
    expect(phone.querySelectorAll('time')).toHaveLength(2);
    expect(within(dialog).getByRole('listitem', { name: 'Session from 192.0.2.99' }).textContent).toContain(
      'two-factor code not yet',
    );

    const listed = api.to('GET', '/api/admin/account/sessions').length;
    await click(within(phone).getByRole('button', { name: 'End session from 198.51.100.20' }));
    await click(within(dialog).getByRole('button', { name: 'End All Other Sessions' }));
    expect(api.to('POST', '/api/admin/account/sessions/end').map((r) => r.body)).toEqual([
      { sessionId: 'the-phone' },
      { allOthers: true },
    ]);
    // Each end reads the list again.
    expect(api.to('GET', '/api/admin/account/sessions').length).toBeGreaterThan(listed);
  });

  it('a password change sends the current and new password and the code; a mismatch is caught before sending; a refusal is shown as the server says it; success says how many sessions ended', async () => {
    let answered = 0;
    const api = stubAccount({
      answers: {
        'POST /api/admin/account/password': () => {
          answered += 1;
          return answered === 1
            ? jsonResponse(400, { error: 'The current password is wrong' })
            : jsonResponse(200, { success: true, endedSessions: 2 });
        },
      },
    });
    const dialog = await openAccount();
    const form = within(dialog).getByRole('form', { name: 'Change password' });
    const fill = (again: string) => {
      type(form, 'Current password', 'my old passphrase');
      type(form, 'New password (12+ characters)', 'a new long passphrase');
      type(form, 'New password again', again);
      type(form, 'Authentication code or recovery code', ' 123456 ');
    };
    fill('a different passphrase');
    await click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(within(form).getByRole('alert').textContent).toContain('differ');
    expect(api.to('POST', '/api/admin/account/password')).toHaveLength(0);

    fill('a new long passphrase');
    await click(within(form).getByRole('button', { name: 'Change Password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The current password is wrong');
    // A 400 is a refusal, not a lost session: the panel stays open.
    expect(screen.getByRole('dialog')).toBeTruthy();

    fill('a new long passphrase');
    await click(within(form).getByRole('button', { name: 'Change Password' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Password changed; 2 other sessions ended.',
    );
    expect(api.to('POST', '/api/admin/account/password').map((r) => r.body)).toEqual([
      { currentPassword: 'my old passphrase', newPassword: 'a new long passphrase', code: '123456' },
      { currentPassword: 'my old passphrase', newPassword: 'a new long passphrase', code: '123456' },
    ]);
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('new recovery codes are asked with an app code and shown once, with a .txt download of exactly them', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `wxyz${i}-abcd${i}`);
    const api = stubAccount({
      answers: {
        'POST /api/admin/two-factor/recovery-codes': jsonResponse(200, {
          success: true,
          recoveryCodes: codes,
        }),
      },
    });
    const dialog = await openAccount();
    const part = within(dialog).getByRole('region', { name: 'Recovery codes' });
    type(part, 'Authentication code', '654321');
    await click(within(part).getByRole('button', { name: 'Make New Recovery Codes' }));
    expect(api.to('POST', '/api/admin/two-factor/recovery-codes').map((r) => r.body)).toEqual([
      { code: '654321' },
    ]);
    const list = within(part).getByRole('list', { name: 'Recovery codes' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(codes);
    const download = within(part).getByRole('link', { name: 'Download .txt' });
    expect(download.getAttribute('download')).toBe(RECOVERY_CODES_FILE);
    const file = decodeURIComponent(
      (download.getAttribute('href') ?? '').replace(/^data:text\/plain;charset=utf-8,/, ''),
    );
    expect(file.split('\n').filter((line) => /^\w{5}-\w{5}$/.test(line))).toEqual(codes);
    expect(file).toContain(EMAIL);

    // Shown once: put away, they are gone from the page.
    await click(within(part).getByRole('button', { name: 'I Saved Them' }));
    expect(within(part).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('a viewer without two-factor sign-in has the panel too: no code is asked for the password, and there are no codes to renew', async () => {
    const api = stubAccount({
      role: 'viewer',
      enrolled: false,
      answers: { 'POST /api/admin/account/password': jsonResponse(200, { success: true, endedSessions: 0 }) },
    });
    const dialog = await openAccount();
    const form = within(dialog).getByRole('form', { name: 'Change password' });
    expect(within(form).queryByLabelText('Authentication code or recovery code')).toBeNull();
    expect(within(dialog).getByText('Two-factor sign-in is not set up for your account.')).toBeTruthy();
    type(form, 'Current password', 'my old passphrase');
    type(form, 'New password (12+ characters)', 'a new long passphrase');
    type(form, 'New password again', 'a new long passphrase');
    await click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(api.to('POST', '/api/admin/account/password').map((r) => r.body)).toEqual([
      { currentPassword: 'my old passphrase', newPassword: 'a new long passphrase' },
    ]);
  });
});
