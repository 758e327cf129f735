import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../src/server/package-root.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { type BrowserPlayer, findMatch, readyPlayer, waitForScreen } from './support/player.ts';

/**
 * Screenshots of every player screen at 1280 px and at 375 px (a phone: touch, mobile
 * viewport), saved into `screenshots/` (gitignored). At each width a pair of players in two browsers: A pays
 * a Smol Shrimp search and cancels it after 10 s (so the history panel has rows), then both play a practice
 * match; B leaves and A wins when the 30 s window runs out. On every screen the page must not scroll
 * sideways, and no console or page error may appear. The winner verifies the match, and the history is shown
 * folded and with the cancelled search opened. With DOCS_SCREENSHOTS=1 the 1280 px run also writes the
 * README's images (docs/lobby.png, docs/match.png, docs/history.png).
 */

const root = packageRoot();
const SHOTS = path.join(root, 'screenshots');
const DOCS = path.join(root, 'docs');
const writeDocs = process.env.DOCS_SCREENSHOTS === '1';

/** Horizontal overflow of the page: how many CSS pixels it would scroll sideways. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whether the element is wholly in the window and above the fixed footer, where it is now. */
const clearOfFooter = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const box = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
    const footer = document.querySelector('footer')?.getBoundingClientRect();
    return !!box && !!footer && box.top >= 0 && box.bottom <= footer.top;
  }, testId);

/** Elements that the fixed footer covers (it must cover nothing once the page is scrolled to the end). */
const hiddenUnderFooter = (page: Page) =>
  page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const footer = document.querySelector('footer')?.getBoundingClientRect();
    if (!footer) return ['no footer'];
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main button, main canvas, main p, main dd')) {
      const box = el.getBoundingClientRect();
      if (box.height === 0 || el.closest('footer')) continue;
      if (box.bottom > footer.top + 1 && box.top < footer.bottom)
        covered.push(el.textContent?.trim() || el.tagName);
    }
    return covered;
  });

describe.each([
  { label: 'desktop', width: 1280, phone: false },
  { label: 'phone', width: 375, phone: true },
])('screenshots at $width px ($label)', ({ label, width, phone }) => {
  let server: TestServer;
  let browser: Browser;
  let a: BrowserPlayer;
  let b: BrowserPlayer;
  const docs = writeDocs && !phone;

  /**
   * Saves what the player sees (the window, not the whole page: the fixed footer would float mid-page in a
   * full-page capture) as screenshots/{width}-{name}.png, after checking the page does not scroll sideways.
   */
  async function shoot(page: Page, name: string): Promise<void> {
    expect(await sidewaysScroll(page), `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`) });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    if (docs) mkdirSync(DOCS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    [a, b] = await Promise.all([
      readyPlayer(browser, server.url, { phone, airdrops: 1 }),
      readyPlayer(browser, server.url, { phone }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lobby: mode cards, balance, the footer covering nothing; a chosen mode brings Find Match into view', async () => {
    await a.page.getByTestId('mode-card-practice').click();
    await a.page.getByTestId('find-match').waitFor();
    // Even on a phone, where it sits five cards below: whole, and above the fixed footer (a smooth scroll).
    await expect.poll(() => clearOfFooter(a.page, 'find-match'), { timeout: 10_000 }).toBe(true);
    // The airdrop's toast (5 s, then a fade) would cover the header in the picture.
    await a.page.getByText('Airdrop Received').waitFor({ state: 'hidden', timeout: 20_000 });
    await shoot(a.page, 'lobby');
    expect(await hiddenUnderFooter(a.page)).toEqual([]);
    if (docs) {
      await a.page.evaluate(() => window.scrollTo(0, 0));
      await a.page.screenshot({ path: path.join(DOCS, 'lobby.png') });
    }
  });

  it('wait screen: a paid search past 10 s with CANCEL MATCH, then cancelled and refunded', async () => {
    await findMatch(a.page, 'smol_shrimp');
    await waitForScreen(a.page, 'loading', 30_000);
    const cancel = a.page.getByRole('button', { name: 'CANCEL MATCH' });
    await cancel.waitFor({ timeout: 30_000 });
    await shoot(a.page, 'wait');
    await cancel.click();
    await waitForScreen(a.page, 'start', 30_000);
    // The entry and its refund reach the history panel under the lobby.
    await a.page.getByTestId('history-count-refunds').filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
  }, 90_000);

  it('countdown, game, the opponent leaving, game over and the history panel', async () => {
    await findMatch(a.page, 'practice');
    await waitForScreen(a.page, 'loading', 30_000);
    await findMatch(b.page, 'practice');
    await waitForScreen(a.page, 'countdown', 30_000);
    await shoot(a.page, 'countdown');

    await Promise.all([waitForScreen(a.page, 'game', 30_000), waitForScreen(b.page, 'game', 30_000)]);
    await a.page.locator('canvas[aria-label="Game field"]').waitFor();
    await shoot(a.page, 'game');
    // As the game opens, the whole canvas, the touch strip (phone) and the row under the game are in the
    // window above the footer: the canvas scales (laptop) or the game is scrolled into view (phone).
    const fit = await a.page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
      return {
        canvasTop: box('canvas[aria-label="Game field"]')?.top ?? -1,
        rowBottom: box('[data-testid="under-game"]')?.bottom ?? Number.POSITIVE_INFINITY,
        footerTop: box('footer')?.top ?? 0,
      };
    });
    expect(fit.canvasTop).toBeGreaterThanOrEqual(0);
    expect(fit.rowBottom).toBeLessThanOrEqual(fit.footerTop);
    expect(await hiddenUnderFooter(a.page)).toEqual([]);
    if (docs) {
      // Past 'GET READY' for the picture, with the ball in play (an image, not a timing check).
      await a.page.waitForTimeout(2_500);
      await a.page.evaluate(() => window.scrollTo(0, 0));
      await a.page.screenshot({ path: path.join(DOCS, 'match.png') });
    }

    await b.close();
    await a.page.getByText('Opponent disconnected. Waiting for reconnection...').waitFor({ timeout: 20_000 });
    await shoot(a.page, 'opponent-disconnected');

    await waitForScreen(a.page, 'gameOver', 60_000);
    await a.page.getByText('Your opponent has disconnected. Victory awarded!').waitFor();
    // The game-over screen starts at the top of the page, not at the game's scroll position (a phone).
    const result = await a.page
      .getByText('YOU WIN')
      .evaluate((el) => ({ top: el.getBoundingClientRect().top, height: window.innerHeight }));
    expect(result.top).toBeGreaterThanOrEqual(0);
    expect(result.top).toBeLessThan(result.height);
    await shoot(a.page, 'game-over');
    // 'Verify' replays the match in the browser: a forfeit too reproduces (the record keeps where B left).
    await a.page.getByRole('button', { name: 'Verify' }).click();
    const verdict = a.page.getByTestId('verify-result');
    await verdict.waitFor({ timeout: 20_000 });
    expect(await verdict.getAttribute('data-kind'), (await verdict.textContent()) ?? '').toBe('fair');
    expect(await verdict.textContent()).toContain('(by forfeit)');
    await verdict.scrollIntoViewIfNeeded();
    await shoot(a.page, 'game-over-verified');

    const panel = a.page.getByTestId('transaction-history');
    await panel.waitFor();
    await panel.scrollIntoViewIfNeeded();
    // The practice game just won moves no money: its row shows no amount (no '0.0000 SOL').
    const practice = panel.getByTestId('history-row').filter({ hasText: 'Free Play' });
    await practice.first().waitFor({ timeout: 30_000 });
    expect(await practice.first().textContent()).not.toContain('SOL');
    await panel.screenshot({ path: path.join(SHOTS, `${width}-history.png`) });
    // Expanded: the cancelled search nets the 3% kept, its refund links to the explorer.
    const refunded = panel.locator('[data-testid="history-row"][data-outcome="refunded"]');
    await refunded.getByRole('button').first().click();
    expect(await refunded.getByTestId('history-amount').textContent()).toBe('-0.00075 SOL');
    await refunded.getByTestId('history-explorer-link').first().waitFor();
    await panel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await panel.screenshot({ path: path.join(SHOTS, `${width}-history-expanded.png`) });
    expect(await hiddenUnderFooter(a.page)).toEqual([]);
    if (docs) {
      await panel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await a.page.screenshot({ path: path.join(DOCS, 'history.png') });
    }
  }, 150_000);

  it('no console or page errors in either browser', () => {
    expect([...a.errors, ...b.errors], label).toEqual([]);
  });
});
