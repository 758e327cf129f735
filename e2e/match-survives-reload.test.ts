import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { sleep } from '../test/support/until.ts';
import { launchChromium } from './support/browser.ts';
import { type DomSample, readDomLog, recordEveryDocument } from './support/dom-log.ts';
import { type BrowserPlayer, findMatch, readyPlayer, waitForScreen } from './support/player.ts';

/**
 * End to end, a paid Smol Shrimp match survives a reload, at 1280x800 and at 375x812. Player A (at the size
 * under test) reloads its page mid-match: the match bar comes back with the same mode, stake, prize and
 * opponent, the game goes on. At game over B asks for a rematch and A reloads: A is back at its game-over
 * screen, told of B's offer, and REMATCH starts the new match. In that match A reloads once more and Leave
 * match forfeits it. Through every reload the page is sampled from its first script on (a MutationObserver
 * and a 25 ms interval): it never shows the lobby (its screen, its mode cards, Find Match) on the way back.
 * The socket of each reload is held 2 s (Playwright's WebSocket route) so the wait in between is seen too.
 */

const SHOTS = '/tmp/shots-match-reload';
const KNOWN_SIGN_IN_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
const pageErrors = (player: BrowserPlayer) =>
  player.errors.filter((e) => !e.startsWith(`${KNOWN_SIGN_IN_401} <`));
/** A match by play from its first serve on a loaded machine: generous over the minute it takes. */
const MATCH_TIMEOUT_MS = 240_000;
/** How long each reload's socket is held before it reaches the server. */
const SOCKET_HELD_MS = 2_000;

const PROBES = {
  findMatch: '[data-testid="find-match"]',
  modeCard: '[data-testid^="mode-card-"]',
  bar: '[data-testid="match-bar"]',
  rejoining: 'section[aria-label="Rejoining"]',
};

/** Samples that show the lobby: its screen, a mode card or Find Match. */
const lobbySeen = (log: DomSample[]) =>
  log.filter((s) => s.screen === 'start' || s.texts.findMatch !== null || s.texts.modeCard !== null);

const gameIdOf = (page: Page) => page.locator('[data-screen]').getAttribute('data-game-id');
const scoresOf = async (page: Page) =>
  (await page.locator('[data-screen]').getAttribute('data-scores')) ?? '';
const barText = async (page: Page) => ((await page.getByTestId('match-bar').textContent()) ?? '').trim();

/** The bar's words before its button: the mode, the stake, the prize and the opponent. */
async function matchBarFacts(page: Page): Promise<string> {
  const bar = page.getByTestId('match-bar');
  await bar.getByText('vs', { exact: false }).waitFor({ timeout: 30_000 });
  return ((await bar.locator('p').first().textContent()) ?? '').trim();
}

/** Reloads with the new socket held for SOCKET_HELD_MS; returns what the new document showed meanwhile. */
async function reloadHoldingSocket(page: Page, until: string, shot?: string): Promise<DomSample[]> {
  await page.routeWebSocket(/\/ws/, async (ws) => {
    await sleep(SOCKET_HELD_MS);
    ws.connectToServer();
  });
  await page.reload();
  if (shot) {
    // What the page first shows while its socket is held (the neutral wait): pictured once at each size.
    await page.locator('[data-screen]').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: shot });
  }
  await waitForScreen(page, until, 60_000);
  await page.unrouteAll();
  return readDomLog(page);
}

describe.each([
  { size: '1280', viewport: { width: 1280, height: 800 }, phone: false },
  { size: '375', viewport: { width: 375, height: 812 }, phone: true },
])('a paid match survives a reload at $size px', ({ size, viewport, phone }) => {
  let server: TestServer;
  let browser: Browser;
  let a: BrowserPlayer & { address: string };
  let b: BrowserPlayer & { address: string };
  let bar: string;
  let firstGame: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    [a, b] = await Promise.all([
      readyPlayer(browser, server.url, { viewport, phone, airdrops: 1 }),
      readyPlayer(browser, server.url, { viewport: { width: 1280, height: 800 }, airdrops: 1 }),
    ]);
    await recordEveryDocument(a.context, PROBES, 25);
    await findMatch(a.page, 'smol_shrimp');
    await findMatch(b.page, 'smol_shrimp');
    await Promise.all([waitForScreen(a.page, 'game', 90_000), waitForScreen(b.page, 'game', 90_000)]);
    firstGame = (await gameIdOf(a.page)) ?? '';
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a reload mid-match: the bar comes back with the same mode, stake, prize and opponent; the game goes on; no lobby', async () => {
    bar = await matchBarFacts(a.page);
    expect(bar).toContain('Smol Shrimp');
    expect(bar).toContain('Stake');
    expect(bar).toContain('Prize');
    expect(bar).toContain('vs');

    const log = await reloadHoldingSocket(a.page, 'game', `${SHOTS}/${size}-rejoining.png`);
    expect(lobbySeen(log)).toEqual([]);
    expect(log.some((s) => s.texts.rejoining !== null)).toBe(true);
    expect(await matchBarFacts(a.page)).toBe(bar);
    expect(await gameIdOf(a.page)).toBe(firstGame);
    await a.page.screenshot({ path: `${SHOTS}/${size}-after-reload-mid-match.png` });

    // The game goes on: B holds its paddle at the top, so points fall; A's page sees the score move.
    const scores = await scoresOf(a.page);
    await b.page.keyboard.down('ArrowUp');
    await a.page.waitForFunction(
      (before) => document.querySelector('[data-screen="game"]')?.getAttribute('data-scores') !== before,
      scores,
      { timeout: 60_000 },
    );
    expect(await gameIdOf(a.page)).toBe(firstGame);
    expect(await barText(a.page)).toContain('Leave match');
  }, 150_000);

  it(
    'a reload at game over, with the opponent’s rematch asked: back at GAME OVER, told of it; REMATCH starts the new match',
    async () => {
      // B asks the moment its own game over shows: its screen returns to the lobby 10 s after the match ended
      // (SPEC), which a loaded machine's waits for both pages first could outlast.
      await waitForScreen(b.page, 'gameOver', MATCH_TIMEOUT_MS);
      await b.page.getByTestId('rematch').click();
      await b.page.keyboard.up('ArrowUp');
      await waitForScreen(a.page, 'gameOver', MATCH_TIMEOUT_MS);
      await b.page.getByTestId('rematch-waiting').waitFor({ timeout: 60_000 });
      await a.page.getByTestId('rematch-offered').waitFor({ timeout: 30_000 });
      const result = (await a.page.getByRole('region', { name: 'Game over' }).textContent()) ?? '';

      const log = await reloadHoldingSocket(a.page, 'gameOver');
      expect(lobbySeen(log)).toEqual([]);
      expect(log.some((s) => s.texts.rejoining !== null)).toBe(true);
      const over = a.page.getByRole('region', { name: 'Game over' });
      const after = (await over.textContent()) ?? '';
      expect(after).toContain(result.includes('YOU WIN') ? 'YOU WIN' : 'YOU LOSE');
      await a.page.getByTestId('rematch-offered').waitFor({ timeout: 30_000 });
      await a.page.screenshot({ path: `${SHOTS}/${size}-after-reload-game-over.png`, fullPage: true });
      // B's offer was never called off by A's reload.
      expect(await b.page.getByTestId('rematch-waiting').count()).toBe(1);

      await a.page.getByTestId('rematch').click();
      await Promise.all([waitForScreen(a.page, 'game', 90_000), waitForScreen(b.page, 'game', 90_000)]);
      const second = await gameIdOf(a.page);
      expect(second).toBeTruthy();
      expect(second).not.toBe(firstGame);
      expect(await gameIdOf(b.page)).toBe(second);
    },
    MATCH_TIMEOUT_MS + 120_000,
  );

  it('a reload in the rematch, then Leave match: the match is forfeited and A is back in the lobby', async () => {
    const log = await reloadHoldingSocket(a.page, 'game');
    expect(lobbySeen(log)).toEqual([]);
    expect(await matchBarFacts(a.page)).toBe(bar);

    await a.page.getByTestId('match-bar').getByRole('button', { name: 'Leave match' }).click();
    await a.page.getByRole('button', { name: 'Leave and forfeit' }).click();
    await waitForScreen(a.page, 'start', 30_000);
    await waitForScreen(b.page, 'gameOver', 30_000);
    expect((await b.page.getByRole('region', { name: 'Game over' }).textContent()) ?? '').toContain(
      'YOU WIN',
    );
  }, 120_000);

  it('no page errors in either browser', () => {
    expect(pageErrors(a)).toEqual([]);
    expect(pageErrors(b)).toEqual([]);
  });
});
