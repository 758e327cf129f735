import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPairSigner } from '@solana/kit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerPagePath } from '../src/common/page-routes.ts';
import { packageRoot } from '../src/server/package-root.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');
const SENTENCE = 'Your wallet is suspended. Call support at +1 555 0100';

/**
 * RELIABILITY 36 in the built client: a `/player/<text>` path whose text is no address shows the not-found
 * screen and never the text; a real address is its page. At 1280 px and at 375 px, saved into screenshots/.
 */
describe('the player page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withClient: true, noPayoutWorker: true });
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: a sentence in the URL is the not-found screen; a real address is its page`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const sentencePath = `${server.url}/player/${encodeURIComponent(SENTENCE)}`;
      await page.goto(sentencePath);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('suspended');
      expect(await page.getByText('PLAYER', { exact: true }).count()).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, `player-sentence-${width}.png`), fullPage: true });

      const address = (await generateKeyPairSigner()).address;
      await page.goto(`${server.url}${playerPagePath(address)}`);
      await page.locator('#player-title').waitFor();
      expect(await page.locator('body').textContent()).toContain(address);
      expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count()).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, `player-address-${width}.png`), fullPage: true });
      await page.close();
    }, 120_000);
  }
});
