import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGameMode } from '../src/common/game-modes.ts';
import { SETTLED_TEXTS } from '../src/common/held-texts.ts';
import { ERROR_MESSAGES } from '../src/common/protocol.ts';
import { solText } from '../src/common/refund-texts.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { type BrowserPlayer, findMatch, PHONE, readyPlayer, waitForScreen } from './support/player.ts';

const SHOTS = '/tmp/shots-restart-match';
const WAGER = getGameMode('smol_shrimp').wagerLamports;
const WIDE = { width: 1280, height: 800 } as const;
const SETTLED = '[data-testid="settled-search"]';

/**
 * The server restarts during a paid Smol Shrimp match (its stop marks the match interrupted, no winner, and
 * refunds both entries in full): once it is back, each page, at 1280x800 and at 375x812, ends without a
 * reload in the lobby saying the match was interrupted by a server restart and its refund's exact amount
 * (100% of the entry fee), with the refund's transaction once the house sent it; nothing left waiting.
 */
describe('a server restart during a match ends each page in the lobby with its exact refund', () => {
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

  it('both pages of an interrupted paid match end in the lobby saying so, with the exact full refund', async () => {
    await findMatch(wide.page, 'smol_shrimp');
    await findMatch(narrow.page, 'smol_shrimp');
    await Promise.all([waitForScreen(wide.page, 'game', 90_000), waitForScreen(narrow.page, 'game', 90_000)]);

    await server.restart({
      whileDown: async () => {
        // Each page sees the connection go (the game's own overlay), its way out offered and enabled.
        for (const [player, name] of [
          [wide, 'wide'],
          [narrow, 'narrow'],
        ] as const) {
          await player.page.getByText('Connection Interrupted').waitFor({ timeout: 30_000 });
          const exit = player.page.getByRole('button', { name: 'Exit to Main Menu' });
          await exit.waitFor({ timeout: 10_000 });
          expect(await exit.isEnabled()).toBe(true);
          await shot(player, `${name}-down`);
        }
      },
    });

    for (const [player, name] of [
      [wide, 'wide'],
      [narrow, 'narrow'],
    ] as const) {
      const page = player.page;
      await waitForScreen(page, 'start', 90_000);
      const notice = page.locator(SETTLED);
      await notice.waitFor({ timeout: 60_000 });
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain(SETTLED_TEXTS.interruptedTitle);
      expect(text).toContain('Your Smol Shrimp match was interrupted by a server restart');
      expect(text).toContain(`${solText(WAGER)} (100% of your entry fee)`);
      await notice.getByText('was refunded to your wallet', { exact: false }).waitFor({ timeout: 90_000 });
      await notice.getByText(SETTLED_TEXTS.signature).waitFor({ timeout: 10_000 });
      // The notice says what happened: no bare 'Game not found' beside it, no overlay left waiting.
      expect(await page.getByText(ERROR_MESSAGES.gameNotFound).count()).toBe(0);
      expect(await page.getByText('Connection Interrupted').count()).toBe(0);
      expect(await page.getByText('Connection Lost').count()).toBe(0);
      await shot(player, `${name}-settled`);
      await notice.getByRole('button', { name: SETTLED_TEXTS.dismiss }).click();
      await notice.waitFor({ state: 'detached', timeout: 10_000 });
    }
  }, 400_000);

  it('no uncaught page errors', () => {
    expect(uncaught).toEqual([]);
  });
});
