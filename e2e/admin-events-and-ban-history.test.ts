import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../src/server/package-root.ts';
import { startTestServer, TEST_ADMIN_EMAIL, type TestServer } from '../test/support/test-server.ts';
import { type BrowserAdmin, openTab, placePage, signInAdmin, table } from './support/admin.ts';
import { launchChromium } from './support/browser.ts';
import { DESKTOP } from './support/player.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');
const WALLET = 'So11111111111111111111111111111111111111112';
const IP = '198.51.100.23';

/** An admin action as the panel posts it: same origin, JSON, the session cookie. */
async function act(page: Page, url: string, body: Record<string, string>): Promise<void> {
  const status = await page.evaluate(
    async ([u, b]) =>
      (
        await fetch(`/api/admin${u}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        })
      ).status,
    [url, body] as const,
  );
  expect(status, url).toBe(200);
}

/** The whole page in one window as tall as it is, so the fixed footer stays at the bottom. */
async function shoot(page: Page, file: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: DESKTOP.width, height: Math.max(DESKTOP.height, height) });
  await page.screenshot({ path: path.join(SHOTS, file) });
  await page.setViewportSize(DESKTOP);
}

/**
 * The operator's triage and the ban trail in a real browser: a wallet banned, unbanned and banned again and
 * an IP banned and unbanned; System Events filters by type, counts what awaits triage, offers no Resolve on
 * informational events and drops the count when one is resolved; Banned Wallets links to the wallet's
 * history, which shows all three changes with who and why.
 */
describe('System Events triage and ban history in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: BrowserAdmin;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    admin = await signInAdmin(browser, server.url);
    page = admin.page;
    await act(page, '/ban-wallet', { walletAddress: WALLET, reason: 'e2e: collusion' });
    await act(page, '/unban-wallet', { walletAddress: WALLET, reason: 'e2e: appeal accepted' });
    await act(page, '/ban-wallet', { walletAddress: WALLET, reason: 'e2e: collusion again' });
    await act(page, '/ban-ip', { ipAddress: IP, reason: 'e2e: bot farm' });
    await act(page, '/unban-ip', { ipAddress: IP, reason: 'e2e: shared NAT' });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('System Events: one event per ban, filtered by type; informational events offer no Resolve; resolving drops the count', async () => {
    await openTab(page, 'System Events');
    const counts = page.getByTestId('unresolved-counts');
    // Two wallet bans and one IP ban are warnings awaiting triage; the unbans and sign-in are informational.
    await counts.filter({ hasText: 'Unresolved: 3' }).waitFor({ timeout: 20_000 });

    await page.getByLabel('Type').selectOption('wallet_banned');
    const events = await table(page, 'System Events');
    await events.getByRole('row').filter({ hasText: 'e2e: collusion again' }).waitFor({ timeout: 15_000 });
    // One event per ban action (no second admin_action row), naming who and from where.
    await expect.poll(() => events.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    expect(await events.textContent()).toContain(`by ${TEST_ADMIN_EMAIL} from 127.0.0.1`);

    await page.getByLabel('Type').selectOption('server_started');
    const started = events.getByRole('row').filter({ hasText: 'server_started' }).first();
    await started.waitFor({ timeout: 15_000 });
    expect(await started.getByRole('button', { name: /^Resolve event/ }).count()).toBe(0);

    await page.getByLabel('Type').selectOption('');
    await page
      .getByRole('button', { name: /^Resolve event / })
      .first()
      .click();
    // A resolution says what was done: the dialog asks for the note, and the row then shows who and why.
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note').fill('Checked with the support team');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await counts.filter({ hasText: 'Unresolved: 2' }).waitFor({ timeout: 20_000 });
    await page.getByText('Checked with the support team').first().waitFor({ timeout: 20_000 });
    // The header names who is signed in, and the action's toast lies below it and the search: over no control.
    expect(await page.getByTestId('admin-who').textContent()).toBe(TEST_ADMIN_EMAIL);
    const toast = await page.getByRole('status').filter({ hasText: 'Event Resolved' }).boundingBox();
    for (const control of [
      page.getByRole('link', { name: 'Logout' }),
      page.getByTestId('admin-who'),
      page.getByRole('button', { name: 'Search' }),
      page.getByRole('searchbox', { name: 'Search' }),
    ]) {
      const box = await control.boundingBox();
      if (!toast || !box) throw new Error('the toast or a header control is not on screen');
      const overlaps =
        toast.x < box.x + box.width &&
        box.x < toast.x + toast.width &&
        toast.y < box.y + box.height &&
        box.y < toast.y + toast.height;
      expect(overlaps, `toast ${JSON.stringify(toast)} over ${JSON.stringify(box)}`).toBe(false);
    }
    await shoot(page, 'admin-system-events-triage.png');
  }, 120_000);

  it('Banned Wallets lists the current ban; its History shows every ban and unban with who and why', async () => {
    await openTab(page, 'Banned Wallets');
    const banned = await table(page, 'Banned Wallets');
    expect(await banned.getByRole('row').count()).toBe(2);
    await banned.getByRole('link', { name: `Ban history of wallet ${WALLET}` }).click();
    const detail = await placePage(page);
    const history = await table(detail, `Ban history of wallet ${WALLET}`);
    await expect.poll(() => history.getByRole('row').count(), { timeout: 15_000 }).toBe(4);
    const text = (await history.textContent()) ?? '';
    for (const reason of ['e2e: collusion again', 'e2e: appeal accepted', 'e2e: collusion']) {
      expect(text).toContain(reason);
    }
    expect(text).toContain(TEST_ADMIN_EMAIL);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'admin-wallet-ban-history.png') });
    expect(admin.errors).toEqual([]);
  }, 120_000);
});
