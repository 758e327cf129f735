import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../src/common/clock.ts';
import { transactions } from '../src/server/db/schema/index.ts';
import { packageRoot } from '../src/server/package-root.ts';
import { newWallet, playGame } from '../test/support/admin-fixtures.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { type BrowserAdmin, sidewaysScroll, signInAdmin, table, waitForPath } from './support/admin.ts';
import { launchChromium } from './support/browser.ts';
import { DESKTOP, PHONE } from './support/player.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');

/** The rows a table's footer counts ('3 rows'). */
async function rowCount(page: Page): Promise<number> {
  const text = await page
    .getByText(/^\d+ rows?/)
    .first()
    .textContent();
  return Number.parseInt(text ?? '', 10);
}

/**
 * The Transactions and Games filters in a real browser: chosen in the bar, kept in the address over a
 * reload, the CSV link downloading the rows the table shows, and the bar wrapping at 375 px with no
 * sideways scroll.
 */
describe('back-office list filters in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: BrowserAdmin;
  let page: Page;

  /** The export link's file from yesterday on (UTC), fetched with the page's own session: its data rows. */
  async function exportedRows(): Promise<number> {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Export from').fill(yesterday);
    const href = await page.getByRole('link', { name: /^Export CSV/ }).getAttribute('href');
    const body = await page.evaluate(async (url) => (await fetch(url ?? '')).text(), href);
    return body.split('\r\n').filter((line) => line !== '').length - 1;
  }

  async function shoot(name: string) {
    await page.setViewportSize(PHONE);
    expect(await sidewaysScroll(page), `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: PHONE.width, height: Math.max(PHONE.height, height) });
    await page.screenshot({ path: path.join(SHOTS, `admin-${name}-375.png`) });
    await page.setViewportSize(DESKTOP);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    const clock = createFakeClock(Date.now() - 300_000);
    const player = await newWallet();
    await playGame(server.db, clock, { winner: player, loser: await newWallet(), mode: 'smol_shrimp' });
    await playGame(server.db, clock, { winner: await newWallet(), loser: player, mode: 'tiny_tuna' });
    await playGame(server.db, clock, { winner: player, loser: await newWallet(), mode: 'practice' });
    await server.db.insert(transactions).values({
      type: 'refund',
      walletAddress: player,
      amountLamports: 25_000_000n,
      gameMode: 'smol_shrimp',
      createdAt: new Date(clock.now()),
    });
    admin = await signInAdmin(browser, server.url);
    page = admin.page;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Transactions: the filters narrow the table, live in the address over a reload, and the CSV holds its rows', async () => {
    await page.goto(`${server.url}/admin/transactions`);
    await table(page, 'Transactions');
    const all = await rowCount(page);
    await page.getByLabel('Mode', { exact: true }).selectOption('smol_shrimp');
    await page.getByLabel('Amount min (SOL)').fill('0.025');
    await page.waitForURL((u) => u.search === '?mode=smol_shrimp&min=0.025', { timeout: 15_000 });
    // The shrimp game's two entries and its payout, and the refund: fewer than all, the file the same.
    await expect.poll(() => rowCount(page), { timeout: 15_000 }).toBeLessThan(all);
    const shrimp = await rowCount(page);
    expect(shrimp).toBeGreaterThanOrEqual(4);
    expect(await exportedRows()).toBe(shrimp);

    await page.getByLabel('Type', { exact: true }).selectOption('refund');
    await expect.poll(() => rowCount(page), { timeout: 15_000 }).toBe(1);
    await page.reload();
    await table(page, 'Transactions');
    expect(new URL(page.url()).search).toBe('?type=refund&mode=smol_shrimp&min=0.025');
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe('refund');
    expect(await page.getByLabel('Amount min (SOL)').inputValue()).toBe('0.025');
    await expect.poll(() => rowCount(page), { timeout: 15_000 }).toBe(1);
    expect(await exportedRows()).toBe(1);
    await shoot('transactions-filtered');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForPath(page, '/admin/transactions');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => rowCount(page), { timeout: 15_000 }).toBe(all);
  }, 120_000);

  it('Games: by status, mode and payout; the address opens them, and the page fits 375 px', async () => {
    await page.goto(`${server.url}/admin/games?status=completed`);
    await table(page, 'Games');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('completed');
    // The two paid games; the practice game is a practice_win.
    await expect.poll(() => rowCount(page), { timeout: 15_000 }).toBe(2);
    expect(await exportedRows()).toBe(2);
    await page.getByLabel('Mode', { exact: true }).selectOption('tiny_tuna');
    await page.waitForURL((u) => u.search === '?mode=tiny_tuna&status=completed', { timeout: 15_000 });
    await expect.poll(() => rowCount(page), { timeout: 15_000 }).toBe(1);
    expect(await exportedRows()).toBe(1);
    await shoot('games-filtered');
    // A paid game always has a payout, in some state: none of them is 'No payout'.
    await page.getByLabel('Payout', { exact: true }).selectOption('none');
    await page.getByText('No games match the filters').waitFor({ timeout: 15_000 });
    expect(await exportedRows()).toBe(0);
  }, 120_000);

  it('no console or page errors', () => {
    expect(admin.errors).toEqual([]);
  });
});
