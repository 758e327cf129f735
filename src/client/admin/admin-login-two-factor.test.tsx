// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeRenderedQr } from '../test-support/decode-rendered-qr.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const URI = 'otpauth://totp/Pong%20Admin:ops%40pong.example?secret=JBSWY3DPEHPK3PXP&issuer=Pong+Admin';

/** Answers by `METHOD /path`; each answer may be a list served in order. */
function stubFetch(answers: Record<string, Response | Response[]>) {
  const seen: Array<{ key: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${input}`;
    seen.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[key];
    const next = Array.isArray(answer) ? answer.shift() : answer;
    if (!next) return jsonResponse(200, { user: { role: 'owner' } });
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

async function passwordStep() {
  const view = renderApp('/admin/login');
  fireEvent.change(screen.getByPlaceholderText('Enter your email'), {
    target: { value: 'ops@pong.example' },
  });
  fireEvent.change(screen.getByPlaceholderText('Enter your password'), {
    target: { value: 'a good password' },
  });
  await click(screen.getByRole('button', { name: 'Sign In' }));
  return view;
}

const login = (secondFactor: string | null) =>
  jsonResponse(200, {
    success: true,
    user: { email: 'ops@pong.example', username: 'ops', role: 'owner' },
    secondFactor,
  });

describe('admin sign-in with a second factor', () => {
  it('an enrolled admin gives a code after the password; a wrong one is shown, a right one opens /admin', async () => {
    const seen = stubFetch({
      'POST /api/admin/login': login('verify'),
      'POST /api/admin/two-factor/verify': [
        jsonResponse(401, { error: 'Invalid authentication code' }),
        jsonResponse(200, { success: true, by: 'totp' }),
      ],
    });
    const { location } = await passwordStep();
    expect(screen.queryByPlaceholderText('Enter your password')).toBeNull();
    const code = screen.getByLabelText('Authentication code');
    fireEvent.change(code, { target: { value: '000000' } });
    await click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid authentication code');
    expect(location.history.at(-1)).toBe('/admin/login');

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: ' 123456 ' } });
    await click(screen.getByRole('button', { name: 'Verify' }));
    expect(seen.filter((s) => s.key === 'POST /api/admin/two-factor/verify').map((s) => s.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    expect(location.history.at(-1)).toBe('/admin');
  });

  it('a first sign-in enrols: QR of the otpauth URI and the key, a confirming code, recovery codes once, then /admin', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const seen = stubFetch({
      'POST /api/admin/login': login('enrol'),
      'POST /api/admin/two-factor/enrol': jsonResponse(200, { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: URI }),
      'POST /api/admin/two-factor/confirm': jsonResponse(200, { success: true, recoveryCodes: codes }),
    });
    const { location } = await passwordStep();
    expect(seen.filter((s) => s.key === 'POST /api/admin/two-factor/enrol')).toHaveLength(0);
    await click(screen.getByRole('button', { name: 'Set Up Authenticator' }));
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    const qr = screen.getByTestId('totp-qr');
    expect(qr.getAttribute('aria-label')).toBe('QR code of your authenticator key');
    expect(decodeRenderedQr(qr as unknown as SVGElement)).toBe(URI);

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '654321' } });
    await click(screen.getByRole('button', { name: 'Confirm' }));
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.textContent).toContain(codes[0]);
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(location.history.at(-1)).toBe('/admin/login');
    await click(screen.getByRole('button', { name: 'I Saved Them, Continue' }));
    expect(location.history.at(-1)).toBe('/admin');
  });

  it('a role with no second factor goes straight to /admin, as SPEC §4 says', async () => {
    stubFetch({ 'POST /api/admin/login': login(null) });
    const { location } = await passwordStep();
    expect(location.history.at(-1)).toBe('/admin');
  });
});
