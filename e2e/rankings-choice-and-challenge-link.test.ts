import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPairSigner } from '@solana/kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_INVITE_TEXTS } from '../src/common/challenge-texts.ts';
import { shortenAddress } from '../src/common/format.ts';
import { getGameMode } from '../src/common/game-modes.ts';
import { playerPagePath } from '../src/common/page-routes.ts';
import { VISIBILITY_TEXTS } from '../src/common/rankings-texts.ts';
import { games } from '../src/server/db/schema/index.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { airdrop, type BrowserPlayer, findMatch, openPlayer, readyPlayer } from './support/player.ts';

const SHOTS = '/tmp/shots-rankings-texts';
const SHRIMP = getGameMode('smol_shrimp');
/** A well-formed challenge code (12 base58 characters) that no challenge has. */
const UNKNOWN_CODE = 'AbCdEfGhJkMn';

/**
 * In the built client at 1280×800 and 375×812: the rankings' 'Show me' box turns at once (here while the
 * server's answer is held back 3 s), the player's own page and the leaderboard then show the choice without a
 * reload, and a refusal puts the box back with the server's words. A challenge link no challenge has is headed
 * CHALLENGE NOT FOUND with what to do, never YOU ARE CHALLENGED. A paid search says the cancel rule before
 * CANCEL MATCH appears. Screenshots into /tmp/shots-rankings-texts/.
 */
describe.each([
  { width: 1280, height: 800, phone: false },
  { width: 375, height: 812, phone: true },
])('rankings choice and challenge link at $width px', ({ width, height, phone }) => {
  let server: TestServer;
  let browser: Browser;
  let player: BrowserPlayer & { address: string };
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
  const box = (page: Page) => page.getByRole('checkbox', { name: new RegExp(VISIBILITY_TEXTS.showMe) });
  const ownRow = (page: Page) =>
    page.getByTestId('leaderboard-row').filter({ hasText: shortenAddress(player.address) });
  const notReloaded = (page: Page) =>
    page.evaluate(() => (window as { stillHere?: boolean }).stillHere === true);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true, noPayoutWorker: true });
    browser = await launchChromium();
    player = await readyPlayer(browser, server.url, { viewport: { width, height }, phone });
    // One paid match won this minute, so the player has a page and a row on this week's board.
    const other = (await generateKeyPairSigner()).address;
    const at = new Date();
    await server.db.insert(games).values({
      mode: SHRIMP.id,
      state: 'gameOver',
      player1Wallet: player.address,
      player2Wallet: other,
      createdAt: at,
      startedAt: at,
      endedAt: at,
      winner: player.address,
      player1Score: 11,
      player2Score: 4,
      finalScore: '11-4',
      completionStatus: 'completed',
      entryFeeLamports: SHRIMP.wagerLamports,
      winnerPayoutLamports: SHRIMP.winLamports,
    });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the box turns at once; the player's page and the leaderboard follow without a reload", async () => {
    const { page } = player;
    await page.goto(`${server.url}${playerPagePath(player.address)}`);
    await page.getByTestId('player-figures').waitFor({ timeout: 20_000 });
    await page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });
    expect(await box(page).isChecked()).toBe(true);

    // The server's answer is held back: what the box shows meanwhile is the page's own doing.
    let answered = false;
    await page.route('**/api/player/visibility', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const response = await route.fetch();
      answered = true;
      await route.fulfill({ response });
    });
    await box(page).click();
    expect(await box(page).isChecked()).toBe(false);
    expect(await box(page).isEnabled()).toBe(true);
    expect(answered).toBe(false);
    await shot(page, 'show-me-turned-at-once');

    // Once written, the page itself is gone: no public record, and no reload was needed.
    await page.getByText(/No public record for this player/).waitFor({ timeout: 20_000 });
    expect(answered).toBe(true);
    expect(await page.getByTestId('player-figures').count()).toBe(0);
    expect(await notReloaded(page)).toBe(true);
    await shot(page, 'player-page-hidden');
    await page.unroute('**/api/player/visibility');

    // The leaderboard, reached by its link, leaves the player out; showing again brings the row back.
    await page.locator('#player-title').locator('..').getByRole('link', { name: 'Leaderboard' }).click();
    await page.locator('#leaderboard-title').waitFor();
    // The opponent's row stays; the player's own is left out.
    await page.getByTestId('leaderboard-row').first().waitFor({ timeout: 20_000 });
    expect(await ownRow(page).count()).toBe(0);
    expect(await page.getByTestId('leaderboard-row').count()).toBe(1);
    expect(await box(page).isChecked()).toBe(false);
    await box(page).click();
    await ownRow(page).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('leaderboard-row').count()).toBe(2);
    expect(await notReloaded(page)).toBe(true);
    await shot(page, 'leaderboard-shown-again');
  }, 180_000);

  it("a refusal puts the box back as the server holds it and says why in the server's words", async () => {
    const { page } = player;
    const refusal = 'Too many changes in a short time: please wait a moment and try again';
    await page.route('**/api/player/visibility', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '10' },
        body: JSON.stringify({ error: refusal }),
      });
    });
    expect(await box(page).isChecked()).toBe(true);
    await box(page).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toBe(`Not saved: ${refusal}. You are still shown on the leaderboard.`);
    expect(await box(page).isChecked()).toBe(true);
    expect(await ownRow(page).count()).toBe(1);
    await alert.scrollIntoViewIfNeeded();
    await shot(page, 'show-me-refused');
    await page.unroute('**/api/player/visibility');
  }, 120_000);

  it('a link no challenge has is headed CHALLENGE NOT FOUND with what to do, signed out and signed in', async () => {
    const stranger = await openPlayer(browser, server.url, { viewport: { width, height }, phone });
    try {
      for (const page of [stranger.page, player.page]) {
        await page.goto(`${server.url}/challenge/${UNKNOWN_CODE}`);
        const heading = page.locator('#challenge-title');
        await page.getByText(CHALLENGE_INVITE_TEXTS.notFound).waitFor({ timeout: 20_000 });
        expect(await heading.textContent()).toBe('CHALLENGE NOT FOUND');
        expect(await page.locator('body').textContent()).not.toContain('YOU ARE CHALLENGED');
        expect(await page.getByTestId('accept-challenge').count()).toBe(0);
        await heading.scrollIntoViewIfNeeded();
        await shot(page, page === stranger.page ? 'challenge-not-found-signed-out' : 'challenge-not-found');
      }
      // A link cut short (no challenge code at all) leads nowhere either, and says so the same way.
      await stranger.page.goto(`${server.url}/challenge/AbCd`);
      await stranger.page.getByText(CHALLENGE_INVITE_TEXTS.notFound).waitFor({ timeout: 20_000 });
      expect(await stranger.page.locator('#challenge-title').textContent()).toBe('CHALLENGE NOT FOUND');
    } finally {
      await stranger.close();
    }
    expect(player.errors.filter((e) => !/40[014]|429/.test(e))).toEqual([]);
  }, 120_000);

  it('a paid search says, before CANCEL MATCH appears, when it does and the 3% it keeps, to the lamport', async () => {
    const { page } = player;
    await page.goto(`${server.url}/`);
    await page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
    await airdrop(page);
    await findMatch(page, SHRIMP.id);
    const rule = page.getByTestId('cancel-rule');
    await rule.waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'CANCEL MATCH' }).count()).toBe(0);
    expect(await rule.textContent()).toMatch(
      /^CANCEL MATCH is available after 10 seconds of waiting \(in \d+ seconds?\)\. Cancelling refunds 97% of your 0\.025 SOL entry: 0\.02425 SOL comes back and 0\.00075 SOL \(3%\) is kept\.$/,
    );
    await shot(page, 'search-cancel-rule');
    await page.getByRole('button', { name: 'CANCEL MATCH' }).waitFor({ timeout: 30_000 });
    expect(await rule.textContent()).toBe(
      'Cancelling refunds 97% of your 0.025 SOL entry: 0.02425 SOL comes back and 0.00075 SOL (3%) is kept.',
    );
    await shot(page, 'search-cancel-open');
  }, 180_000);
});
