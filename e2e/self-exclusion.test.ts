import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../src/common/protocol.ts';
import { launchChromium } from './support/browser.ts';
import {
  type BrowserPlayer,
  DESKTOP,
  findMatch,
  PHONE,
  readyPlayer,
  waitForScreen,
} from './support/player.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const SHOTS = path.join(import.meta.dirname, '..', 'screenshots');

/**
 * Player protection end to end, at 1280 and 375 px: a signed-in player opens 'Limits' under the lobby, excludes
 * themselves from paid games for 24 hours (two steps), pays a Smol Shrimp entry and is refused with the
 * exclusion's message and the refund of the entry in full; Free Play still searches. Screenshots into
 * screenshots/{width}-limits*.png.
 */
describe.each([
  { width: DESKTOP.width, phone: false },
  { width: PHONE.width, phone: true },
])('a self-excluded player is refused a paid search at $width px', ({ width, phone }) => {
  let server: TestServer;
  let browser: Browser;
  let player: BrowserPlayer & { address: string };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    player = await readyPlayer(browser, server.url, { phone, airdrops: 1 });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets a 24-hour self-exclusion from the Limits panel', async () => {
    const { page } = player;
    await page.getByRole('button', { name: /Limits/ }).click();
    const form = page.getByTestId('exclusion-form');
    await form.getByLabel('Exclusion period').selectOption('24h');
    await form.getByRole('button', { name: 'Exclude me from paid games' }).click();
    await form.getByRole('button', { name: /Confirm exclusion/ }).click();
    await form.getByText(/You are excluded from paid games until/).waitFor({ timeout: 10_000 });
    await page.getByTestId('limits-body').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${width}-limits.png`) });
  }, 60_000);

  it('is refused a paid search with the message, the entry refunded in full; practice still searches', async () => {
    const { page } = player;
    await findMatch(page, 'smol_shrimp');
    const refusal = page.getByText(ERROR_MESSAGES.selfExcluded).first();
    await refusal.waitFor({ timeout: 60_000 });
    expect(await refusal.textContent()).toContain(
      'Your entry fee of 0.025 SOL is being refunded to your wallet in full.',
    );
    await page.screenshot({ path: path.join(SHOTS, `${width}-limits-refused.png`) });
    await waitForScreen(page, 'start');

    await findMatch(page, 'practice');
    await waitForScreen(page, 'loading');
    expect(player.errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 120_000);
});
