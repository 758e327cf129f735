// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PRODUCT_NAME } from '../site.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubFetch(impl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const email = () => screen.getByPlaceholderText('Enter your email') as HTMLInputElement;
const password = () => screen.getByPlaceholderText('Enter your password') as HTMLInputElement;

async function signIn(values: { email: string; password: string }) {
  fireEvent.change(email(), { target: { value: values.email } });
  fireEvent.change(password(), { target: { value: values.password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
}

const GOOD = { email: 'admin@example.com', password: 'correct horse' };

describe('admin login', () => {
  it('admin login: title, subtitle, labelled required fields with their placeholders', () => {
    renderApp('/admin/login');
    expect(screen.getByRole('heading', { name: ADMIN_PRODUCT_NAME })).toBeTruthy();
    expect(screen.getByText('Secure access to the back office system')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBe(email());
    expect(screen.getByLabelText('Password')).toBe(password());
    expect(email().required && password().required).toBe(true);
  });

  it.each([
    [{ email: '', password: '' }, ['Email is required', 'Password is required']],
    [{ email: 'not-an-email', password: 'x' }, ['Please enter a valid email address']],
    [{ email: 'admin@example', password: 'x' }, ['Please enter a valid email address']],
    [{ email: 'admin@example.com', password: '' }, ['Password is required']],
  ])('admin login: %o is refused with %o and nothing is sent', async (values, messages) => {
    const fetchMock = stubFetch(() => {
      throw new Error('no request may be sent for an invalid form');
    });
    renderApp('/admin/login');
    await signIn(values);
    for (const message of messages) expect(screen.getByText(message)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("admin login: 'Authenticating...' with inputs and button disabled while POST /api/admin/login runs, then /admin", async () => {
    let answer: (res: Response) => void = () => {};
    const fetchMock = stubFetch((url) =>
      url === '/api/admin/login'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(jsonResponse(200, { user: { role: 'admin' } })),
    );
    const { location } = renderApp('/admin/login');
    await signIn(GOOD);

    const button = screen.getByRole('button', { name: 'Authenticating...' }) as HTMLButtonElement;
    expect(button.disabled && email().disabled && password().disabled).toBe(true);
    expect(button.querySelector('.animate-spin')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual(GOOD);

    await act(async () => answer(jsonResponse(200, { success: true })));
    expect(location.history.at(-1)).toBe('/admin');
  });

  it.each([
    ['the server error text', jsonResponse(401, { error: 'Invalid credentials' }), 'Invalid credentials'],
    [
      'the throttle text on a 429',
      jsonResponse(429, { error: 'Too many failed login attempts. Please try again later.' }),
      'Too many failed login attempts. Please try again later.',
    ],
    ["'Login failed' without one", new Response('oops', { status: 500 }), 'Login failed'],
    ["'Login failed' with an empty error", jsonResponse(400, { error: '' }), 'Login failed'],
  ])(
    'admin login failure shows %s above the fields, and the form is editable again',
    async (_rule, res, text) => {
      stubFetch(async () => res);
      const { location } = renderApp('/admin/login');
      await signIn(GOOD);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe(text);
      expect(alert.compareDocumentPosition(email()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(email().disabled || password().disabled).toBe(false);
      expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
      expect(location.history.at(-1)).toBe('/admin/login');
    },
  );

  it("admin login: a network exception shows 'Network error. Please try again.'", async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/admin/login');
    await signIn(GOOD);
    expect(screen.getByRole('alert').textContent).toBe('Network error. Please try again.');
  });
});
