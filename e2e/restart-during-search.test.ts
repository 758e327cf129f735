import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_TEXTS } from '../src/client/state/view-changes.ts';
import { CONNECTION_BANNER_TEXTS } from '../src/common/connection-texts.ts';
import { getGameMode } from '../src/common/game-modes.ts';
import { SETTLED_TEXTS } from '../src/common/held-texts.ts';
import { solText } from '../src/common/refund-texts.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { type BrowserPlayer, findMatch, PHONE, readyPlayer, waitForScreen } from './support/player.ts';

const SHOTS = '/tmp/shots-held-state';
const WAGER = getGameMode('smol_shrimp').wagerLamports;
const WIDE = { width: 1280, height: 800 } as const;
const WAIT = 'section[aria-label="Matchmaking"]';
const BANNER = '[data-testid="connection-banner"]';
const SETTLED = '[data-testid="settled-search"]';

/**
 * The server restarts while a page searches (its shutdown refunds every open search in full): each page keeps
 * trying to reach it, says so ('Unable to reconnect. Please refresh the page.' after SPEC's 5 attempts, with
 * 'Try again now'), offers nothing the server cannot take (no 'Play the house bot' while it is down), and once
 * the server is back ends without a reload in a true screen: the lobby, saying the search was closed by the
 * server and, for a paid one, its refund's exact amount; a cancel pressed while down does not hang. A paid
 * Smol Shrimp search and a Free Play search, at 1280x800 and 375x812, each viewport in both.
 */
describe('a server restart during a search ends each page in what the server holds', () => {
  let server: TestServer;
  let browser: Browser;
  let wide: BrowserPlayer;
  let narrow: BrowserPlayer;
  const uncaught: string[] = [];

  const shot = (player: BrowserPlayer, name: string) =>
    player.page.screenshot({ path: `${SHOTS}/${name}.png` });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    wide = await readyPlayer(browser, server.url, { viewport: WIDE, airdrops: 1 });
    narrow = await readyPlayer(browser, server.url, { viewport: PHONE, phone: true, airdrops: 1 });
    for (const p of [wide, narrow]) p.page.on('pageerror', (error) => uncaught.push(error.message));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const searching = (page: Page) =>
    page.getByRole('heading', { name: 'SEARCHING FOR OPPONENT...' }).waitFor({ timeout: 60_000 });

  /** While the server is down: the page says so, offers no house bot, and a cancel pressed shows its status. */
  async function whileDown(player: BrowserPlayer, name: string, practice: boolean) {
    const page = player.page;
    await page.locator(BANNER, { hasText: CHANNEL_TEXTS.unableToReconnect }).waitFor({ timeout: 60_000 });
    await page.locator(BANNER).getByRole('button', { name: CONNECTION_BANNER_TEXTS.tryNow }).waitFor();
    expect(await page.getByTestId('house-bot-offer').count()).toBe(0);
    // 'Try again now' tries at once (the server is still down: the banner stays, nothing breaks).
    await page.locator(BANNER).getByRole('button', { name: CONNECTION_BANNER_TEXTS.tryNow }).click();
    await page.getByRole('button', { name: 'CANCEL MATCH' }).click();
    await page
      .locator(`${WAIT} [role="status"]`)
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
    await shot(player, `${name}-down${practice ? '-free-play' : '-paid'}`);
  }

  /** Once the server is back: the lobby, with what became of the search, exactly, and no control waiting. */
  async function settled(player: BrowserPlayer, name: string, practice: boolean) {
    const page = player.page;
    await waitForScreen(page, 'start', 60_000);
    const notice = page.locator(SETTLED);
    await notice.waitFor({ timeout: 30_000 });
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain(SETTLED_TEXTS.title);
    if (practice) {
      expect(text).toContain('Your Free Play search was closed by the server');
      expect(text).toContain('Free Play costs nothing.');
    } else {
      expect(text).toContain('Your Smol Shrimp search was closed by the server');
      // The exact amount, in full: 0.025 SOL, 100% of the entry (a restart keeps nothing).
      expect(text).toContain(`${solText(WAGER)} (100% of your entry fee)`);
      // Once the house has sent it (now, or when its notice comes): 'was refunded', with its transaction.
      await notice.getByText('was refunded to your wallet', { exact: false }).waitFor({ timeout: 60_000 });
      await notice.getByText(SETTLED_TEXTS.signature).waitFor({ timeout: 10_000 });
    }
    expect(await page.locator(BANNER).count()).toBe(0);
    expect(await page.locator(WAIT).count()).toBe(0);
    expect(await page.getByText('Refund being processed...').count()).toBe(0);
    expect(await page.getByText('Cancelling matchmaking...').count()).toBe(0);
    expect(await page.getByText('Not searching').count()).toBe(0);
    await shot(player, `${name}-settled${practice ? '-free-play' : '-paid'}`);
    await notice.getByRole('button', { name: SETTLED_TEXTS.dismiss }).click();
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
  }

  it.each([
    { paid: 'wide', free: 'narrow' },
    { paid: 'narrow', free: 'wide' },
  ] as const)(
    'paid search at $paid, Free Play at $free: both end in the lobby with what the server settled',
    async ({ paid, free }) => {
      const players = { wide: () => wide, narrow: () => narrow };
      const payer = players[paid]();
      const freePlayer = players[free]();
      await findMatch(payer.page, 'smol_shrimp');
      await findMatch(freePlayer.page, 'practice');
      await Promise.all([searching(payer.page), searching(freePlayer.page)]);
      // The Free Play search alone for 15 s is offered the house bot; both may cancel after 10 s.
      await freePlayer.page.getByTestId('house-bot-offer').waitFor({ timeout: 60_000 });
      await payer.page.getByRole('button', { name: 'CANCEL MATCH' }).waitFor({ timeout: 30_000 });

      await server.restart({
        whileDown: async () => {
          await whileDown(payer, paid, false);
          await whileDown(freePlayer, free, true);
        },
      });

      await settled(payer, paid, false);
      await settled(freePlayer, free, true);
    },
    300_000,
  );

  it('no uncaught page errors', () => {
    expect(uncaught).toEqual([]);
  });
});
