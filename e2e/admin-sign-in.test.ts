import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { watchErrors } from './support/player.ts';

const EMAIL = 'ops@pong.example';
const PASSWORD = 'an operator password';

/** The admin sign-in of SPEC §2 against the real server and its real sessions, in Chromium. */
describe('admin sign-in in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({
      withClient: true,
      env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD },
    });
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const waitForPath = (pathname: string) =>
    page.waitForURL((url) => url.pathname === pathname, { timeout: 30_000 });

  it("/admin without a session shows 'Authentication Required' and goes to /admin/login, logging no error", async () => {
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${server.url}/admin`);
    await page.getByText('Authentication Required').waitFor();
    await page.getByText('Redirecting to admin login...').waitFor();
    await waitForPath('/admin/login');
    await page.getByPlaceholder('Enter your email').waitFor();
    // The session check asks /api/admin/session (200 either way), so the expected signed-out state logs no 401.
    expect(errors).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  });

  it('a wrong password shows the server’s error above the fields and leaves the form editable', async () => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByPlaceholder('Enter your email').fill(EMAIL);
    await page.getByPlaceholder('Enter your password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').textContent({ timeout: 30_000 })).resolves.toBe(
      'Invalid email or password',
    );
    await expect(page.getByPlaceholder('Enter your email').isEnabled()).resolves.toBe(true);
    expect(page.url()).toMatch(/\/admin\/login$/);
  });

  it('the right password opens /admin with the role badge; the cookie is HttpOnly and SameSite=Strict; Logout ends it', async () => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByPlaceholder('Enter your email').fill(EMAIL);
    await page.getByPlaceholder('Enter your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath('/admin');
    await expect(page.getByTestId('admin-role').textContent({ timeout: 30_000 })).resolves.toBe('owner');
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'pong_admin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    await page.getByRole('link', { name: 'Logout' }).click();
    await waitForPath('/admin/login');
    expect((await context.cookies()).filter((c) => c.name === 'pong_admin')).toEqual([]);
    await page.goto(`${server.url}/admin`);
    await page.getByText('Authentication Required').waitFor();
    await waitForPath('/admin/login');
  });
});
