import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../src/common/protocol.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { chainBalances } from './support/chain-balance.ts';
import {
  type BrowserPlayer,
  DESKTOP,
  findMatch,
  PHONE,
  readyPlayer,
  waitForScreen,
} from './support/player.ts';

const SHOTS = path.join(import.meta.dirname, '..', 'screenshots');
const NOTES_SHOTS = '/work/notes/shots';
const PAID = ['smol_shrimp', 'tiny_tuna', 'mighty_marlin', 'giga_whale'];

/**
 * Player protection end to end, at 1280 and 375 px: a signed-in player opens 'Limits' under the lobby and sets
 * a daily loss limit of 0.05 SOL: at once, without a reload, Tiny Tuna's card (0.1 SOL entry) is closed with
 * the reason and Smol Shrimp's (0.025 SOL) stays open. Then a 24-hour self-exclusion (two steps) closes every
 * paid mode, each card saying until when, before any payment: nothing leaves the wallet on chain and no
 * payment status appears. Free Play still searches. Screenshots into screenshots/{width}-limits*.png.
 */
describe.each([
  { width: DESKTOP.width, phone: false },
  { width: PHONE.width, phone: true },
])('a player’s own limits close paid modes before paying at $width px', ({ width, phone }) => {
  let server: TestServer;
  let browser: Browser;
  let player: BrowserPlayer & { address: string };
  let balanceOf: (wallet: string) => Promise<bigint>;
  const shot = async (name: string) => {
    await player.page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`) });
    await player.page.screenshot({ path: path.join(NOTES_SHOTS, `refuse-before-pay-${width}-${name}.png`) });
  };
  const notReloaded = () =>
    player.page.evaluate(() => (window as { stillHere?: boolean }).stillHere === true);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mkdirSync(NOTES_SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    balanceOf = chainBalances(server.url);
    player = await readyPlayer(browser, server.url, { phone, airdrops: 1 });
    await player.page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a daily loss limit below an entry closes that mode with its reason at once; a cheaper one stays open', async () => {
    const { page } = player;
    expect(await page.getByTestId('mode-card-tiny_tuna').isDisabled()).toBe(false);
    await page.getByRole('button', { name: /Limits/ }).click();
    const form = page.getByTestId('daily-limit-form');
    await form.getByLabel('Daily loss limit (last 24 hours) in SOL').fill('0.05');
    await form.getByRole('button', { name: 'Set limit' }).click();
    await page.getByTestId('daily-limit').getByText('0.05 SOL').waitFor({ timeout: 10_000 });
    const closed = page.getByTestId('mode-closed-tiny_tuna');
    await closed.waitFor({ timeout: 10_000 });
    expect(await closed.textContent()).toBe(
      `${ERROR_MESSAGES.lossLimitExceeded}: 0.05 SOL is left of your daily limit of 0.05 SOL and this game's entry is 0.1 SOL. Practice mode is still open.`,
    );
    expect(await page.getByTestId('mode-card-tiny_tuna').isDisabled()).toBe(true);
    expect(await page.getByTestId('mode-card-smol_shrimp').isDisabled()).toBe(false);
    expect(await page.getByTestId('mode-closed-smol_shrimp').count()).toBe(0);
    expect(await notReloaded()).toBe(true);
    await page.getByTestId('mode-card-tiny_tuna').scrollIntoViewIfNeeded();
    await shot('limits-loss-closed');
  }, 60_000);

  it('a 24-hour self-exclusion closes every paid mode before any payment; practice still searches', async () => {
    const { page } = player;
    const before = await balanceOf(player.address);
    const form = page.getByTestId('exclusion-form');
    await form.getByLabel('Exclusion period').selectOption('24h');
    await form.getByRole('button', { name: 'Exclude me from paid games' }).click();
    await form.getByRole('button', { name: /Confirm exclusion/ }).click();
    await form.getByText(/You are excluded from paid games until/).waitFor({ timeout: 10_000 });
    await page.getByTestId('limits-body').scrollIntoViewIfNeeded();
    await shot('limits');

    await page.getByTestId('mode-closed-smol_shrimp').waitFor({ timeout: 10_000 });
    for (const id of PAID) {
      expect(await page.getByTestId(`mode-card-${id}`).isDisabled(), id).toBe(true);
      expect(await page.getByTestId(`mode-closed-${id}`).textContent(), id).toMatch(
        /^You have excluded yourself from paid games until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Practice mode is still open\.$/,
      );
    }
    // A click on a closed card selects nothing, so no payment can start.
    await page.getByTestId('mode-card-smol_shrimp').click({ force: true });
    expect(await page.getByTestId('mode-card-smol_shrimp').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('mode-card-smol_shrimp').scrollIntoViewIfNeeded();
    await shot('limits-closed');
    expect(await page.getByText('Wallet Confirmation Required').count()).toBe(0);
    expect(await page.getByText('Payment Confirmed').count()).toBe(0);
    expect(await balanceOf(player.address)).toBe(before);
    expect(await notReloaded()).toBe(true);

    expect(await page.getByTestId('mode-card-practice').isDisabled()).toBe(false);
    await findMatch(page, 'practice');
    await waitForScreen(page, 'loading');
    expect(await balanceOf(player.address)).toBe(before);
    expect(player.errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 120_000);
});
