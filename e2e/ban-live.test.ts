import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGameMode } from '../src/common/game-modes.ts';
import {
  startTestServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../test/support/test-server.ts';
import { readUntil } from '../test/support/until.ts';
import { launchChromium } from './support/browser.ts';
import { chainBalances } from './support/chain-balance.ts';
import {
  type BrowserPlayer,
  DESKTOP,
  findMatch,
  PHONE,
  readyPlayer,
  waitForScreen,
} from './support/player.ts';

const WAGER = getGameMode('smol_shrimp').wagerLamports;
/** Every test player connects from the loopback address. */
const PLAYER_IP = '127.0.0.1';
const BANNER = '[data-testid="restricted-banner"]';
const NOTES_SHOTS = '/work/notes/shots';

/**
 * A ban acts at once on open sockets, in a real browser: an admin bans a player through the HTTP API (`/api/admin/ban-wallet`
 * with the admin cookie, JSON, same Origin) while the player's lobby is open. The lobby shows 'Account
 * Restricted' at once, without a reload; the paid search under way is closed and its wager refunded in full
 * on chain (the operator ended it: nothing retained); the ban also ends the session (RELIABILITY 35), so
 * no socket hears the unban: the restricted lobby asks again on its own and reopens, without a reload or a
 * new sign-in, and the player signs in again to play; an IP ban acts the same.
 */
describe.each([
  { width: DESKTOP.width, phone: false },
  { width: PHONE.width, phone: true },
])('bans act at once on a live browser at $width px', ({ width, phone }) => {
  let server: TestServer;
  let browser: Browser;
  let player: BrowserPlayer & { address: string };
  let page: Page;
  let adminCookie = '';
  let balanceOf: (wallet: string) => Promise<bigint>;

  const adminPost = async (path: string, body: object) => {
    const res = await fetch(`${server.url}/api/admin/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: adminCookie },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  };
  /** The player's entry fees the server has recorded (the search it holds, or is about to). */
  const recordedEntryFees = async (): Promise<number> => {
    const res = await fetch(`${server.url}/api/admin/transactions?search=${player.address}`, {
      headers: { cookie: adminCookie },
    });
    const page = (await res.json()) as { items: { type: string }[] };
    return page.items.filter((row) => row.type === 'entry_fee').length;
  };
  const bannerText = () => page.locator(BANNER).textContent({ timeout: 20_000 });
  const bannerGone = () => page.locator(BANNER).waitFor({ state: 'detached', timeout: 20_000 });
  const signedIn = (value: 'true' | 'false') =>
    page.locator(`[data-testid="wallet-connected"][data-signed-in="${value}"]`).waitFor({ timeout: 20_000 });
  /** Set once; a reload would lose it. */
  const notReloaded = () => page.evaluate(() => (window as { stillHere?: boolean }).stillHere === true);

  beforeAll(async () => {
    mkdirSync(NOTES_SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    balanceOf = chainBalances(server.url);
    player = await readyPlayer(browser, server.url, { phone, airdrops: 1 });
    page = player.page;
    await page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(adminCookie).not.toBe('');
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a wallet ban closes the paid search, refunds the whole wager on chain and shows 'Account Restricted' without a reload", async () => {
    const before = await balanceOf(player.address);
    await findMatch(page, 'smol_shrimp');
    await page.getByRole('heading', { name: 'SEARCHING FOR OPPONENT...' }).waitFor({ timeout: 60_000 });
    const afterPaying = await readUntil(
      () => balanceOf(player.address),
      (balance) => balance <= before - WAGER,
      { timeoutMs: 30_000 },
    );
    // The page shows the search as soon as the payment is sent; the ban is for the search the server holds.
    // (A ban that closes the socket before findMatch arrives leaves the payment to the sweeper's full refund.)
    await readUntil(recordedEntryFees, (count) => count === 1, { timeoutMs: 60_000 });

    await adminPost('ban-wallet', { walletAddress: player.address, reason: 'e2e: live ban' });
    expect(await bannerText()).toContain('Your wallet has been banned');
    // RELIABILITY 35: the ban ended the session and closed the socket; the page shows the player signed
    // out (no reconnect loop), the wallet still connected.
    await signedIn('false');
    await page.getByText('Account Restricted').first().waitFor({ timeout: 10_000 });
    await waitForScreen(page, 'start', 20_000);
    // The lobby closes from the same push, in the renders after the search's screen gives way to it.
    await expect
      .poll(() => page.getByTestId('mode-card-practice').isDisabled(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByTestId('find-match').isDisabled()).toBe(true);
    expect(await notReloaded()).toBe(true);

    const refunded = await readUntil(
      () => balanceOf(player.address),
      (balance) => balance > afterPaying,
      { timeoutMs: 60_000 },
    );
    expect(refunded - afterPaying).toBe(WAGER);
  }, 180_000);

  it('an unban reopens the lobby without a reload or a new sign-in; the player then signs in to play', async () => {
    await page.screenshot({ path: path.join(NOTES_SHOTS, `refuse-before-pay-${width}-banned.png`) });
    await adminPost('unban-wallet', { walletAddress: player.address, reason: 'e2e: lifted' });
    // The ban ended the session and closed the socket: the lobby asks again on its own.
    await bannerGone();
    expect(await page.getByTestId('mode-card-practice').isDisabled()).toBe(false);
    expect(await page.getByTestId('wallet-connected').getAttribute('data-signed-in')).toBe('false');
    await page.screenshot({ path: path.join(NOTES_SHOTS, `refuse-before-pay-${width}-unbanned.png`) });
    await page.getByTestId('sign-in-button').click();
    await signedIn('true');
    await bannerGone();
    expect(await page.getByTestId('mode-card-practice').isDisabled()).toBe(false);
    expect(await page.getByTestId('mode-card-smol_shrimp').isDisabled()).toBe(false);
    expect(await notReloaded()).toBe(true);
  }, 60_000);

  it('an IP ban acts the same, and its unban lifts it', async () => {
    await adminPost('ban-ip', { ipAddress: PLAYER_IP, reason: 'e2e: live IP ban' });
    expect(await bannerText()).toContain('Your IP address has been banned');
    // The banner and the closed lobby come from the same push, drawn in consecutive renders.
    await expect
      .poll(() => page.getByTestId('mode-card-practice').isDisabled(), { timeout: 10_000 })
      .toBe(true);
    await signedIn('false');
    await adminPost('unban-ip', { ipAddress: PLAYER_IP, reason: 'e2e: lifted' });
    await bannerGone();
    await page.getByTestId('sign-in-button').click();
    await signedIn('true');
    expect(await page.getByTestId('mode-card-practice').isDisabled()).toBe(false);
    expect(await notReloaded()).toBe(true);
  }, 60_000);
});
