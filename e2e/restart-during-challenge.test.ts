import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_TEXTS } from '../src/client/state/view-changes.ts';
import { getGameMode } from '../src/common/game-modes.ts';
import { SETTLED_TEXTS } from '../src/common/held-texts.ts';
import { solText } from '../src/common/refund-texts.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { type BrowserPlayer, PHONE, readyPlayer, waitForScreen } from './support/player.ts';

const SHOTS = '/tmp/shots-held-state';
const WAGER = getGameMode('smol_shrimp').wagerLamports;
const WIDE = { width: 1280, height: 800 } as const;
const BANNER = '[data-testid="connection-banner"]';
const SETTLED = '[data-testid="settled-search"]';

/**
 * The server restarts while a player's paid challenge waits for its friend (its shutdown refunds every open
 * search in full, a challenge too): the challenge's waiting panel does not stay up for a challenge the server
 * no longer holds. Once the server is back each page ends, without a reload, in the lobby saying the server
 * closed it, with its refund's exact amount and transaction. At 1280x800 and 375x812.
 */
describe('a server restart while a challenge waits ends the page in what the server holds', () => {
  let server: TestServer;
  let browser: Browser;
  let wide: BrowserPlayer;
  let narrow: BrowserPlayer;
  const uncaught: string[] = [];

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

  it('an open paid challenge at 1280 and at 375 px: the lobby after the restart, its full refund exact', async () => {
    for (const player of [wide, narrow]) {
      await player.page.getByTestId('mode-card-smol_shrimp').click();
      await player.page.getByTestId('challenge-friend').click();
      await player.page.getByTestId('open-challenge').waitFor({ timeout: 60_000 });
    }

    await server.restart({
      whileDown: async () => {
        for (const player of [wide, narrow]) {
          // The page says it cannot reach the server; the challenge it shows is what it last knew.
          await player.page
            .locator(BANNER, { hasText: CHANNEL_TEXTS.unableToReconnect })
            .waitFor({ timeout: 60_000 });
        }
      },
    });

    for (const [player, name] of [
      [wide, 'wide'],
      [narrow, 'narrow'],
    ] as const) {
      const page = player.page;
      await waitForScreen(page, 'start', 60_000);
      const notice = page.locator(SETTLED);
      await notice.waitFor({ timeout: 30_000 });
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain('Your Smol Shrimp search was closed by the server');
      expect(text).toContain(`${solText(WAGER)} (100% of your entry fee)`);
      await notice.getByText('was refunded to your wallet', { exact: false }).waitFor({ timeout: 60_000 });
      await notice.getByText(SETTLED_TEXTS.signature).waitFor({ timeout: 10_000 });
      // No challenge panel for a challenge the server no longer holds, and nothing waiting on it.
      expect(await page.getByTestId('open-challenge').count()).toBe(0);
      expect(await page.locator(BANNER).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/${name}-challenge-settled.png` });
    }
  }, 300_000);

  it('no uncaught page errors', () => {
    expect(uncaught).toEqual([]);
  });
});
