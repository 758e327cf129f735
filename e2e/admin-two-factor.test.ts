import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, TOTP_STEP_MS, totpAt } from '../src/server/admin/two-factor/totp.ts';
import { packageRoot } from '../src/server/package-root.ts';
import {
  startTestServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { DESKTOP } from './support/player.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');

/** The owner's first sign-in with ADMIN_2FA_ROLES' default: enrol in Chromium, then manage the admins. */
describe('admin two-factor sign-in and the Admins tab in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ withClient: true, env: { ADMIN_2FA_ROLES: 'owner,admin' } });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await mkdir(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const passwordStep = async () => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByPlaceholder('Enter your email').fill(TEST_ADMIN_EMAIL);
    await page.getByPlaceholder('Enter your password').fill(TEST_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  let secret: Buffer = Buffer.alloc(0);
  let recoveryCodes: string[] = [];

  it('the owner enrols: QR code and key, a code from them, the recovery codes once, then /admin as owner', async () => {
    await passwordStep();
    await page.getByRole('button', { name: 'Set Up Authenticator' }).click();
    await page.getByTestId('totp-qr').waitFor({ timeout: 30_000 });
    secret = base32Decode((await page.getByTestId('totp-secret').textContent()) ?? '');
    await page.screenshot({ path: path.join(SHOTS, 'admin-2fa-enrol.png') });
    await page.getByLabel('Authentication code').fill(totpAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor({ timeout: 30_000 });
    recoveryCodes = await list.locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'I Saved Them, Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 });
    await expect(page.getByTestId('admin-role').textContent({ timeout: 30_000 })).resolves.toBe('owner');
  }, 120_000);

  it('the Admins tab creates a support admin, listed with its role and no second factor yet', async () => {
    await page.getByRole('tab', { name: 'Admins' }).click();
    const form = page.getByRole('form', { name: 'New admin' });
    await form.getByLabel('Email').fill('support@pong.example');
    await form.getByLabel('First password').fill('a support password');
    await form.getByLabel('Role').selectOption('support');
    await form.getByRole('button', { name: 'Create Admin' }).click();
    const row = page.getByRole('row', { name: /support@pong\.example/ });
    await row.waitFor({ timeout: 30_000 });
    await expect(row.textContent()).resolves.toContain('Not set up');
    await page.screenshot({ path: path.join(SHOTS, 'admin-admins-tab.png') });
  }, 60_000);

  it('the next sign-in asks for a code; a recovery code passes once', async () => {
    await page.goto(`${server.url}/api/admin/logout`);
    await passwordStep();
    await page.getByLabel('Authentication code').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'admin-2fa-verify.png') });
    await page.getByLabel('Authentication code').fill(totpAt(secret, Date.now() + TOTP_STEP_MS));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 });
    await page.goto(`${server.url}/api/admin/logout`);
    await passwordStep();
    await page.getByLabel('Authentication code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 });
  }, 120_000);
});
