import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_CODE } from '../src/common/rules.ts';
import { packageRoot } from '../src/server/package-root.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { readUntil } from '../test/support/until.ts';
import { launchChromium } from './support/browser.ts';
import { chainBalances } from './support/chain-balance.ts';
import { type BrowserPlayer, readyPlayer, waitForScreen } from './support/player.ts';

/**
 * End to end, 'Challenge a friend' on the real server, its local chain and the Local Wallet: A chooses Smol
 * Shrimp and opens a challenge (paying the entry), and sees its link, a QR code, the stake, the prize and
 * the time left; the public queue stays empty; a reload shows the same challenge again. B, on a phone, opens
 * the link, sees who challenges and on what terms, accepts and pays, and both are in one game at once; B's
 * address bar is back on the lobby's. Then the match is played out, and at game over both ask for a rematch,
 * pay again and are in a new game. Screenshots of both sides at 1280 and 375 px.
 */

const SHOTS = path.join(packageRoot(), 'screenshots');
const WAGER = 25_000_000n; // smol_shrimp, 0.025 SOL
const KNOWN_SIGN_IN_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
const pageErrors = (player: BrowserPlayer) =>
  player.errors.filter((e) => !e.startsWith(`${KNOWN_SIGN_IN_401} <`));
const gameIdOf = (page: Page) => page.locator('[data-screen]').getAttribute('data-game-id');

describe('challenge a friend in two browsers', () => {
  let server: TestServer;
  let browser: Browser;
  let a: BrowserPlayer & { address: string };
  let b: BrowserPlayer & { address: string };
  let link: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    [a, b] = await Promise.all([
      readyPlayer(browser, server.url, { airdrops: 1 }),
      readyPlayer(browser, server.url, { airdrops: 1, phone: true }),
    ]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('A opens a paid challenge: its link, QR code, stake, prize and time left, never in the public queue', async () => {
    const balanceOf = chainBalances(server.url);
    const before = await balanceOf(a.address);
    await a.page.getByTestId('mode-card-smol_shrimp').click();
    await a.page.getByTestId('challenge-friend').click();
    const panel = a.page.getByTestId('open-challenge');
    await panel.waitFor({ timeout: 60_000 });
    link = (await a.page.getByTestId('challenge-link').inputValue()) ?? '';
    expect(link.startsWith(`${server.url}/challenge/`)).toBe(true);
    expect(link.slice(link.lastIndexOf('/') + 1)).toMatch(CHALLENGE_CODE);
    await a.page.getByTestId('challenge-qr').waitFor();
    expect(await panel.textContent()).toContain('0.025 SOL');
    expect(await panel.textContent()).toContain('0.0375 SOL');
    expect(await a.page.getByTestId('challenge-expires-in').textContent()).toMatch(/^(10:00|9:[0-5]\d)$/);
    // The entry was paid on chain (the server's tests show the public queue never holds a challenge).
    await readUntil(
      () => balanceOf(a.address),
      (now) => before - now >= WAGER,
      { timeoutMs: 30_000 },
    );
    await a.page.screenshot({ path: path.join(SHOTS, '1280-challenge-open.png'), fullPage: true });
  }, 120_000);

  it('after a reload, A’s lobby shows the same open challenge again', async () => {
    await a.page.reload();
    await a.page.getByTestId('open-challenge').waitFor({ timeout: 30_000 });
    expect(await a.page.getByTestId('challenge-link').inputValue()).toBe(link);
    await a.page.setViewportSize({ width: 375, height: 812 });
    await a.page.getByTestId('open-challenge').scrollIntoViewIfNeeded();
    await a.page.screenshot({ path: path.join(SHOTS, '375-challenge-open.png') });
    await a.page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('B opens the link on a phone, sees the terms, accepts and pays, and both are in one game at once', async () => {
    await b.page.goto(link);
    const invite = b.page.getByTestId('challenge-invite');
    // Its terms, once the page has read the challenge (a loading line shows first).
    await b.page.getByTestId('challenge-status').waitFor({ timeout: 30_000 });
    const text = (await invite.textContent()) ?? '';
    expect(text).toContain(`${a.address.slice(0, 5)}`);
    expect(text).toContain('Smol Shrimp');
    expect(text).toContain('0.025 SOL');
    expect(text).toContain('0.0375 SOL');
    const accept = b.page.getByTestId('accept-challenge');
    await readUntil(
      () => accept.isEnabled(),
      (enabled) => enabled,
      { timeoutMs: 30_000 },
    );
    await b.page.screenshot({ path: path.join(SHOTS, '375-challenge-invite.png'), fullPage: true });

    await accept.click();
    await Promise.all([waitForScreen(a.page, 'game', 90_000), waitForScreen(b.page, 'game', 90_000)]);
    const gameId = await gameIdOf(a.page);
    expect(gameId).toBeTruthy();
    expect(await gameIdOf(b.page)).toBe(gameId);
    expect(new URL(b.page.url()).pathname).toBe('/');
    expect(pageErrors(a)).toEqual([]);
    expect(pageErrors(b)).toEqual([]);
  }, 180_000);

  it('the link, opened again, says the challenge was accepted (at 1280 px)', async () => {
    const viewer = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await viewer.goto(link);
    await viewer.getByTestId('challenge-invite').waitFor();
    await readUntil(
      async () => (await viewer.getByTestId('challenge-invite').textContent()) ?? '',
      (text) => text.includes('already been accepted'),
      { timeoutMs: 30_000 },
    );
    await viewer.screenshot({ path: path.join(SHOTS, '1280-challenge-accepted.png'), fullPage: true });
    await viewer.close();
  }, 60_000);

  it('the match is played out; at game over both ask for a rematch, pay again and play a new game', async () => {
    const first = await gameIdOf(a.page);
    // A holds its paddle at the top, which ends a match by score in about a minute (see the practice test).
    await a.page.keyboard.down('ArrowUp');
    await Promise.all([
      waitForScreen(a.page, 'gameOver', 240_000),
      waitForScreen(b.page, 'gameOver', 240_000),
    ]);
    await a.page.keyboard.up('ArrowUp');

    await a.page.getByTestId('rematch').click();
    await a.page.getByTestId('rematch-waiting').waitFor({ timeout: 60_000 });
    await a.page.screenshot({ path: path.join(SHOTS, '1280-rematch-waiting.png'), fullPage: true });
    await b.page.getByTestId('rematch-offered').waitFor({ timeout: 30_000 });
    await b.page.screenshot({ path: path.join(SHOTS, '375-rematch-offered.png'), fullPage: true });

    await b.page.getByTestId('rematch').click();
    await Promise.all([waitForScreen(a.page, 'game', 90_000), waitForScreen(b.page, 'game', 90_000)]);
    const second = await gameIdOf(a.page);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await gameIdOf(b.page)).toBe(second);
    expect(pageErrors(a)).toEqual([]);
    expect(pageErrors(b)).toEqual([]);
  }, 420_000);
});
