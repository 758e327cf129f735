import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { sleep } from '../test/support/until.ts';
import { launchChromium } from './support/browser.ts';
import { type DomSample, readDomLog, startDomLog } from './support/dom-log.ts';
import { type BrowserPlayer, findMatch, readyPlayer, waitForScreen } from './support/player.ts';

/**
 * End to end, SPEC §4/§9 reconnection in Chromium: the server holds a player's seat for its 30 s window, and
 * the client keeps trying for all of it. Two players in a practice match; player A's network is cut
 * (Playwright's `setOffline`, which also fires the page's `offline` and `online` events).
 * - Cut for 20 s, then restored: the match resumes; A saw one dialog, never the 'Connection Lost … Game
 *   cannot continue.' panel nor 'Unable to reconnect', and the badge read 'offline'.
 * - Cut for 35 s, longer than the window: B is told 'Opponent Disconnected' / 'Your opponent has left the
 *   game.'; A, when back, is told the game was forfeited.
 *
 * Chromium's offline mode holds an open WebSocket's frames rather than closing it, as a dark network does: the
 * server notices by its heartbeat. It pings every 2 s here (10 s in the product), so the seat's window
 * starts within about 4 s of the cut and a 35 s cut is surely past it. No fixed sleep decides an outcome:
 * the cuts last as long as the cases say, and everything else is waited for as a condition.
 */

const PROBES = {
  dialog: '[role="dialog"]',
  lostPanel: '[role="alert"] h3',
  badge: '[data-testid="under-game"] [role="status"]',
};
const OFFLINE_BADGE = '[data-testid="under-game"] [data-quality="offline"]';
const WINDOW_MS = 30_000;
/** Generous on a loaded two-core machine. */
const SHOWS_MS = 30_000;

const KNOWN_SIGN_IN_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
/** The offline page's refused sockets are logged by Chromium as errors; they are the cut itself. */
const pageErrors = (player: BrowserPlayer) =>
  player.errors.filter(
    (e) =>
      !e.startsWith(`${KNOWN_SIGN_IN_401} <`) &&
      !e.includes('ERR_INTERNET_DISCONNECTED') &&
      !/WebSocket connection to .* failed/.test(e),
  );

const dialogTexts = (log: DomSample[]) =>
  log.map((s) => s.texts.dialog).filter((t): t is string => t != null);

async function waitForText(page: Page, text: string, timeout = SHOWS_MS): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout });
}

describe('Reconnection window end to end in two browsers', () => {
  let server: TestServer;
  let browser: Browser;
  let a: BrowserPlayer & { address: string };
  let b: BrowserPlayer & { address: string };

  beforeAll(async () => {
    server = await startTestServer({ withClient: true, channelLimits: { heartbeatMs: 2_000 } });
    browser = await launchChromium();
    [a, b] = await Promise.all([readyPlayer(browser, server.url), readyPlayer(browser, server.url)]);
    await findMatch(a.page, 'practice');
    await waitForScreen(a.page, 'loading');
    await findMatch(b.page, 'practice');
    await Promise.all([waitForScreen(a.page, 'game', 60_000), waitForScreen(b.page, 'game', 60_000)]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the network cut for 20 s, then restored: the match resumes, with one dialog and no give-up', async () => {
    await startDomLog(a.page, PROBES);
    const cutAt = Date.now();
    await a.context.setOffline(true);
    await a.page.getByRole('dialog', { name: 'Connection Interrupted' }).waitFor({ timeout: SHOWS_MS });
    // Under the modal dialog (hidden from the accessibility tree): found by its attribute.
    await a.page.locator(OFFLINE_BADGE).waitFor({ state: 'attached', timeout: SHOWS_MS });
    await b.page
      .getByText('Opponent disconnected. Waiting for reconnection...')
      .waitFor({ timeout: SHOWS_MS });
    await sleep(Math.max(0, cutAt + 20_000 - Date.now()));
    // Past the old give-up (about 14 s in): still one dialog offering to reconnect.
    expect(await a.page.getByRole('dialog', { name: 'Connection Interrupted' }).count()).toBe(1);
    await a.context.setOffline(false);

    await a.page.getByRole('dialog').waitFor({ state: 'detached', timeout: SHOWS_MS });
    await waitForScreen(a.page, 'game', SHOWS_MS);
    await b.page
      .getByText('Opponent disconnected. Waiting for reconnection...')
      .waitFor({ state: 'detached', timeout: SHOWS_MS });
    await a.page.locator(OFFLINE_BADGE).waitFor({ state: 'detached', timeout: SHOWS_MS });

    const log = await readDomLog(a.page);
    expect(log.filter((s) => s.texts.lostPanel !== null)).toEqual([]);
    expect(dialogTexts(log).some((t) => t.includes('Unable to reconnect'))).toBe(false);
    expect(log.some((s) => s.texts.badge?.includes('offline'))).toBe(true);
    expect(await a.page.getByText('Game cannot continue.').count()).toBe(0);
  }, 120_000);

  it('the network cut for 35 s: B is told the opponent left; A, back, is told the game was forfeited', async () => {
    await startDomLog(a.page, PROBES);
    const cutAt = Date.now();
    await a.context.setOffline(true);
    await a.page.getByRole('dialog', { name: 'Connection Interrupted' }).waitFor({ timeout: SHOWS_MS });
    // The window runs out on the server: B wins, and is told plainly that the opponent left.
    await waitForText(b.page, 'Your opponent has left the game.', WINDOW_MS + SHOWS_MS);
    expect(await b.page.getByText('Opponent Disconnected', { exact: true }).count()).toBeGreaterThan(0);
    await waitForScreen(b.page, 'gameOver', SHOWS_MS);
    await sleep(Math.max(0, cutAt + 35_000 - Date.now()));
    await a.context.setOffline(false);

    await waitForText(a.page, 'you did not reconnect in time, so the game was forfeited', SHOWS_MS);
    const notice =
      (await a.page.getByText('you did not reconnect in time', { exact: false }).first().textContent()) ?? '';
    await waitForScreen(a.page, 'start', SHOWS_MS);
    const log = await readDomLog(a.page);
    expect(log.filter((s) => s.texts.lostPanel !== null)).toEqual([]);
    // Told why: the window's end is said by the dialog or, once the server's refusal takes the page to the
    // lobby, by the forfeit notice waited for above. The dialog's own 'expired' state lasts only between the
    // refusal and the lobby (offline, the page has no window of its own to count down), which a loaded
    // machine's samples can miss; the notice is the lasting word.
    const told = [...dialogTexts(log), notice];
    expect(told.some((t) => t.includes('The reconnection window has expired'))).toBe(true);
  }, 180_000);

  it('no page errors in either browser', () => {
    expect(pageErrors(a)).toEqual([]);
    expect(pageErrors(b)).toEqual([]);
  });
});
