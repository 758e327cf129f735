import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../src/common/clock.ts';
import { shortenAddress } from '../src/common/format.ts';
import { ipAddresses, walletIpAssociations } from '../src/server/db/schema/index.ts';
import { packageRoot } from '../src/server/package-root.ts';
import { newWallet, playGame } from '../test/support/admin-fixtures.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import {
  type BrowserAdmin,
  placePage,
  searchFor,
  selectedTab,
  sidewaysScroll,
  signInAdmin,
  table,
  waitForPath,
} from './support/admin.ts';
import { launchChromium } from './support/browser.ts';
import { DESKTOP, PHONE } from './support/player.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');
const IP = '203.0.113.58';

/**
 * Every place of the back-office has an address, in a real browser: a game opened by its URL, its wallet's
 * page by following the link, a reload that stays there, Back to the game; the wallet's IP's page and the
 * wallets it lists; the search term in the address. Screenshots of each page at 1280 and 375 px.
 */
describe('back-office addresses in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: BrowserAdmin;
  let page: Page;
  let winner = '';
  let loser = '';
  let gameId = '';

  /** The page as tall as its content (a full-page capture would float the fixed footer mid-page). */
  async function shoot(name: string, viewport: { width: number; height: number }) {
    await page.setViewportSize(viewport);
    await page
      .locator('[role="status"]', { hasText: /^Loading/ })
      .waitFor({ state: 'detached', timeout: 30_000 });
    expect(
      await sidewaysScroll(page),
      `${name} scrolls sideways at ${viewport.width} px`,
    ).toBeLessThanOrEqual(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    await page.screenshot({ path: path.join(SHOTS, `admin-${name}-${viewport.width}.png`) });
    await page.setViewportSize(DESKTOP);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    // A recorded game and an IP seen with its winner, written through the product's own write paths.
    [winner, loser] = [await newWallet(), await newWallet()];
    ({ gameId } = await playGame(server.db, createFakeClock(Date.now() - 120_000), {
      winner,
      loser,
      mode: 'practice',
    }));
    const now = new Date();
    await server.db
      .insert(ipAddresses)
      .values({ ipAddress: IP, country: 'DE', firstSeen: now, lastSeen: now });
    await server.db.insert(walletIpAssociations).values([
      { walletAddress: winner, ipAddress: IP, connectionCount: 3 },
      { walletAddress: loser, ipAddress: IP, connectionCount: 1 },
    ]);
    admin = await signInAdmin(browser, server.url);
    page = admin.page;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a game opened by its URL shows its record under the Games tab; its wallet's link opens the wallet's page", async () => {
    await page.goto(`${server.url}/admin/games/${gameId}`);
    const game = await placePage(page);
    await game.getByRole('heading', { name: `Game ${shortenAddress(gameId)}` }).waitFor();
    expect(await selectedTab(page)).toBe('Games');
    await game.getByTestId('game-replay').waitFor();
    await shoot('game-page', DESKTOP);
    await shoot('game-page', PHONE);

    await game
      .getByRole('link', { name: `Wallet ${winner}`, exact: true })
      .first()
      .click();
    await waitForPath(page, `/admin/wallets/${winner}`);
    const wallet = await placePage(page);
    await wallet.getByRole('heading', { name: `Wallet ${shortenAddress(winner)}` }).waitFor();
    // Its games, each linking to the game's page, and its IPs, each linking to the IP's page.
    const games = await table(wallet, 'Wallet Games');
    await games.getByRole('link', { name: `Game ${gameId}`, exact: true }).waitFor();
    const ips = await table(wallet, 'Wallet IPs');
    await ips.getByRole('link', { name: `IP ${IP}`, exact: true }).waitFor();
  }, 120_000);

  it('a reload keeps the wallet; Back returns to the game, Forward to the wallet', async () => {
    await page.reload();
    const wallet = await placePage(page);
    await wallet.getByRole('heading', { name: `Wallet ${shortenAddress(winner)}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/wallets/${winner}`);
    expect(await selectedTab(page)).toBe('Wallets');
    await table(wallet, 'Wallet IPs');
    await shoot('wallet-page', DESKTOP);
    await shoot('wallet-page', PHONE);

    await page.goBack();
    await waitForPath(page, `/admin/games/${gameId}`);
    await (await placePage(page)).getByRole('heading', { name: `Game ${shortenAddress(gameId)}` }).waitFor();
    await page.goForward();
    await waitForPath(page, `/admin/wallets/${winner}`);
  }, 120_000);

  it("the wallet's IP has a page listing its wallets, each linking back to the wallet's page", async () => {
    const wallet = await placePage(page);
    await (await table(wallet, 'Wallet IPs')).getByRole('link', { name: `IP ${IP}`, exact: true }).click();
    await waitForPath(page, `/admin/ips/${IP}`);
    const ofIp = await table(await placePage(page), `Wallets of IP ${IP}`);
    for (const w of [winner, loser])
      await ofIp.getByRole('link', { name: `Wallet ${w}`, exact: true }).waitFor();
    expect(await selectedTab(page)).toBe('Security');
    await shoot('ip-page', DESKTOP);
    await shoot('ip-page', PHONE);
    await ofIp.getByRole('link', { name: `Wallet ${loser}`, exact: true }).click();
    await waitForPath(page, `/admin/wallets/${loser}`);
  }, 60_000);

  it("a search by the game id's shortened form lands on Games with ?q=, and a reload keeps it", async () => {
    const short = shortenAddress(gameId);
    expect(await searchFor(page, short)).toContain('1 game');
    expect(await selectedTab(page)).toBe('Games');
    expect(new URL(page.url()).searchParams.get('q')).toBe(short);
    await page.reload();
    await (await table(page, 'Games')).getByRole('link', { name: `Game ${gameId}`, exact: true }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(short);
    await shoot('search-games', PHONE);
  }, 60_000);

  it('no console or page errors', () => {
    expect(admin.errors).toEqual([]);
  });
});
