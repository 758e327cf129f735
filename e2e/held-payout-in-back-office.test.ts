import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_STATE_TEXTS } from '../src/common/api/admin-rows.ts';
import { createFakeClock } from '../src/common/clock.ts';
import { heldPayoutScene } from '../src/server/ledger/payout/test-support/banned-winner-game.ts';
import { productChain } from '../test/support/product-chain.ts';
import {
  startTestServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../test/support/test-server.ts';
import { type BrowserAdmin, signInAdmin } from './support/admin.ts';
import { launchChromium } from './support/browser.ts';

const SHOTS = '/tmp/shots-held-refunded';
const REFUNDED = PAYOUT_STATE_TEXTS.refunded_loser;

/**
 * A winner banned during a paid match, the payout held, then 'Refund Loser' (over real sockets, the product's
 * chain and its admin API): the back-office in Chromium says the payout was never paid wherever it shows it.
 * The game's page (the state, the decision with who and why, the loser's refund and its transfer), the Games
 * list, the Overview (nothing paid out, the net accounted for) and the games CSV the tab exports; 1280 and
 * 375 px, looked at.
 */
describe('a held payout refunded to the loser, as the back-office shows it', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let browser: Browser;
  let admin: BrowserAdmin;
  let adminCookie = '';
  let scene: ReturnType<typeof heldPayoutScene>;
  let gameId = '';

  beforeAll(async () => {
    server = await startTestServer({ clock, noPayoutWorker: true, withClient: true });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    scene = heldPayoutScene({
      server,
      chain: productChain(server.url, clock),
      clock,
      adminCookie: () => adminCookie,
    });
    const game = await scene.bannedWinnerGame();
    gameId = game.gameId;
    const refunded = await scene.adminPost('held-payouts/refund-loser', {
      jobId: game.jobId,
      reason: 'winner colluded',
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    await scene.runWorker();
    await scene.runWorker();
    browser = await launchChromium();
    admin = await signInAdmin(browser, server.url);
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    scene?.close();
    await browser?.close();
    await server?.stop();
  });

  it("the game's page: not paid, who decided and why, the loser's refund with its transfer", async () => {
    const { page } = admin;
    await page.goto(`${server.url}/admin/games/${gameId}`);
    const record = page.locator('dl').filter({ hasText: 'Payout Decision' });
    await record.waitFor({ timeout: 30_000 });
    const text = (await record.textContent()) ?? '';
    expect(text).toContain(REFUNDED);
    expect(text).toContain(`Cancelled by ${TEST_ADMIN_EMAIL}, loser's entry refunded: winner colluded`);
    expect(text).toMatch(/Player [12] Refund0\.1 SOL100,000,000 lamports/);
    expect(await record.getByRole('button', { name: /^Signature / }).count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: path.join(SHOTS, '1280-game-page.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(SHOTS, '375-game-page.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('the Games list says the same, and its CSV has no payout for it, its state refunded_loser', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/admin/games?q=${gameId}`);
    const table = page.getByRole('table', { name: 'Games' });
    await table.getByText(REFUNDED).first().waitFor({ timeout: 30_000 });
    const link = page.getByTestId('export-games').getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    const csv = await (await page.request.get(new URL(href, server.url).toString())).text();
    const [header, ...lines] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => lines.map((line) => line[header!.indexOf(name)]);
    expect(column('id')).toEqual([gameId]);
    expect(column('winner_payout_lamports')).toEqual(['']);
    expect(column('winner_payout_state')).toEqual(['refunded_loser']);
    await page.screenshot({ path: path.join(SHOTS, '1280-games-list.png') });
  }, 60_000);

  it('the Overview counts nothing paid out, and its net is what was kept, owed and in play', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/admin`);
    const money = page.getByRole('region', { name: 'Money (all time, from the ledger)' });
    await money.waitFor({ timeout: 30_000 });
    expect(await money.getByTestId('house-money-paid-out').textContent()).toContain('0 SOL0 lamports');
    expect(await money.getByTestId('house-money-refunded').textContent()).toContain('0.1 SOL');
    expect(await money.getByTestId('house-money-kept').textContent()).toContain('0.1 SOL');
    expect(await money.getByTestId('house-money-check').textContent()).toBe(
      'Net = kept + owed + in play, to the lamport.',
    );
    await money.screenshot({ path: path.join(SHOTS, '1280-overview-money.png') });
  }, 60_000);

  it('no page errors', () => {
    expect(admin.errors).toEqual([]);
  });
});
