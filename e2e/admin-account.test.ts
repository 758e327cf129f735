import { mkdir, readFile } from 'node:fs/promises';
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
import { sidewaysScroll } from './support/admin.ts';
import { launchChromium } from './support/browser.ts';
import { DESKTOP, PHONE, watchErrors } from './support/player.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');

/** The dialog wholly inside the window, nothing in it wider than it. */
const dialogFits = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return 'no dialog';
    const box = dialog.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth) return `dialog spans ${box.left}..${box.right}`;
    return dialog.scrollWidth <= dialog.clientWidth
      ? 'fits'
      : `content ${dialog.scrollWidth} > ${dialog.clientWidth}`;
  });

/**
 * The header's Account panel in a real browser, at 1280 and 375 px: the owner enrols on a desktop, signs
 * in again on a phone with a recovery code, sees both sessions there and ends the desktop's (whose next
 * page load is the sign-in), makes new recovery codes and downloads them, and changes the password.
 */
describe("an admin's own account in a real browser", () => {
  let server: TestServer;
  let browser: Browser;
  let secret: Buffer = Buffer.alloc(0);
  let recoveryCodes: string[] = [];
  let desktop: Page;
  let phone: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true, env: { ADMIN_2FA_ROLES: 'owner' } });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const passwordStep = async (page: Page, password = TEST_ADMIN_PASSWORD) => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByPlaceholder('Enter your email').fill(TEST_ADMIN_EMAIL);
    await page.getByPlaceholder('Enter your password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  const openAccount = async (page: Page) => {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('list', { name: 'Your sessions' }).waitFor({ timeout: 30_000 });
    return page.getByRole('dialog');
  };

  it('at 1280 px the owner enrols, and the Account panel shows this session, fitting the window', async () => {
    desktop = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await passwordStep(desktop);
    await desktop.getByRole('button', { name: 'Set Up Authenticator' }).click();
    secret = base32Decode((await desktop.getByTestId('totp-secret').textContent({ timeout: 30_000 })) ?? '');
    await desktop.getByLabel('Authentication code').fill(totpAt(secret, Date.now()));
    await desktop.getByRole('button', { name: 'Confirm' }).click();
    const list = desktop.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor({ timeout: 30_000 });
    recoveryCodes = await list.locator('li').allTextContents();
    await desktop.getByRole('button', { name: 'I Saved Them, Continue' }).click();
    await desktop.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 });

    const dialog = await openAccount(desktop);
    await dialog.getByRole('listitem', { name: 'This session' }).waitFor();
    expect(await dialogFits(desktop)).toBe('fits');
    expect(await sidewaysScroll(desktop)).toBeLessThanOrEqual(0);
    await desktop.screenshot({ path: path.join(SHOTS, 'admin-account-1280.png') });
    await desktop.keyboard.press('Escape');
  }, 180_000);

  it('at 375 px, signed in again with a recovery code, both sessions are listed and the desktop one is ended: its next page is the sign-in', async () => {
    const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
    phone = await context.newPage();
    watchErrors(phone, errors);
    await passwordStep(phone);
    await phone.getByLabel('Authentication code').fill(recoveryCodes[0] ?? '');
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 });

    const dialog = await openAccount(phone);
    const sessions = dialog.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
    await expect.poll(() => sessions.count(), { timeout: 30_000 }).toBe(2);
    expect(await dialogFits(phone)).toBe('fits');
    expect(await sidewaysScroll(phone)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: path.join(SHOTS, 'admin-account-375.png') });

    await dialog.getByRole('button', { name: /^End session from / }).click();
    await expect.poll(() => sessions.count(), { timeout: 30_000 }).toBe(1);
    await desktop.reload();
    await desktop.waitForURL((url) => url.pathname === '/admin/login', { timeout: 30_000 });
    expect(errors).toEqual([]);
  }, 180_000);

  it('at 375 px new recovery codes are made with an app code, shown once and downloaded as a .txt', async () => {
    const dialog = phone.getByRole('dialog');
    const part = dialog.getByRole('region', { name: 'Recovery codes' });
    await part.getByLabel('Authentication code').fill(totpAt(secret, Date.now() + TOTP_STEP_MS));
    await part.getByRole('button', { name: 'Make New Recovery Codes' }).click();
    const list = part.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor({ timeout: 30_000 });
    const renewed = await list.locator('li').allTextContents();
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect(await dialogFits(phone)).toBe('fits');
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      part.getByRole('link', { name: 'Download .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const file = await readFile((await download.path()) ?? '', 'utf8');
    for (const code of renewed) expect(file).toContain(code);
    await part.getByRole('button', { name: 'I Saved Them' }).click();
    recoveryCodes = renewed;
    expect(errors).toEqual([]);
  }, 120_000);

  it('at 375 px the password is changed with a recovery code; the new one signs in', async () => {
    const form = phone.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(TEST_ADMIN_PASSWORD);
    await form.getByLabel('New password (12+ characters)').fill('the owner’s new passphrase');
    await form.getByLabel('New password again').fill('the owner’s new passphrase');
    await form.getByLabel('Authentication code or recovery code').fill(recoveryCodes[0] ?? '');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('status').textContent({ timeout: 30_000 })).resolves.toBe(
      'Password changed; 0 other sessions ended.',
    );
    expect(errors).toEqual([]);

    await passwordStep(desktop, 'the owner’s new passphrase');
    await desktop.getByLabel('Authentication code').fill(recoveryCodes[1] ?? '');
    await desktop.getByRole('button', { name: 'Verify' }).click();
    await desktop.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 });
  }, 120_000);
});
