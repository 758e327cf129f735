import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_BOT_NAME } from '../src/common/rules.ts';
import { packageRoot } from '../src/server/package-root.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { type BrowserPlayer, findMatch, readyPlayer, waitForScreen } from './support/player.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');
const KNOWN_SIGN_IN_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';

/**
 * End to end, the house bot on a phone: a Free Play search alone for 15 s is offered 'Play the house bot';
 * pressing it starts a match against the bot, named as one, on the real server.
 */
describe('the house bot in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  let player: BrowserPlayer & { address: string };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    player = await readyPlayer(browser, server.url, { phone: true });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('alone in Free Play for 15 s, the player is offered the house bot and plays it', async () => {
    await findMatch(player.page, 'practice');
    const offer = player.page.getByTestId('house-bot-offer');
    await offer.waitFor({ timeout: 60_000 });
    await player.page.screenshot({ path: path.join(SHOTS, '375-house-bot-offer.png'), fullPage: true });
    await offer.getByRole('button', { name: 'Play the house bot' }).click();
    await waitForScreen(player.page, 'game', 60_000);
    // The match bar names the opponent once the game screen has its match (a busy machine may take a frame or two).
    await player.page.getByText(HOUSE_BOT_NAME).first().waitFor({ timeout: 30_000 });
    expect(await player.page.locator('body').textContent()).toContain(HOUSE_BOT_NAME);
    await player.page.screenshot({ path: path.join(SHOTS, '375-house-bot-match.png') });
    expect(player.errors.filter((e) => !e.startsWith(`${KNOWN_SIGN_IN_401} <`))).toEqual([]);
  }, 120_000);
});
