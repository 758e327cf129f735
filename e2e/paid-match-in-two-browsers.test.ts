import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLamports, shortenAddress } from '../src/common/format.ts';
import { transactions } from '../src/server/db/schema/index.ts';
import { packageRoot } from '../src/server/package-root.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { readUntil } from '../test/support/until.ts';
import { launchChromium } from './support/browser.ts';
import { chainBalances } from './support/chain-balance.ts';
import {
  type BrowserPlayer,
  findMatch,
  headerBalanceText,
  lobbyBalanceText,
  openAnotherPage,
  readyPlayer,
  waitForScreen,
} from './support/player.ts';

/**
 * End to end, "A paid match in two browsers" and "Reload during a match", on the real server, its
 * local chain and the Local Wallet. One paid Smol Shrimp match carries the whole story, in order: A and B
 * pay and are matched; B reloads mid-match and is back in the same game (SPEC §4 rapid refresh); B closes
 * the page, A sees the opponent-disconnected overlay (SPEC §2) and, when the 30 s window runs out, wins;
 * A is paid 1.5× the wager once; both history panels show the game; no page errors anywhere.
 */

/** Where the leaderboard and player pages are pictured (gitignored, beside e2e/screenshots.test.ts's). */
const SHOTS = path.join(packageRoot(), 'screenshots');
/** The game over screen with its money, at both sizes, to be looked at. */
const GAME_OVER_SHOTS = '/tmp/shots-exact-money';

const WAGER = 25_000_000n; // smol_shrimp, 0.025 SOL
const PAYOUT = 37_500_000n; // 1.5× the wager (SPEC §9)
/** The fee of the entry transfer: 5,000 lamports a signature plus a small priority fee. */
const MAX_ENTRY_FEE = 100_000n;

const gameIdOf = (page: Page) => page.locator('[data-screen]').getAttribute('data-game-id');
const scoresOf = async (page: Page): Promise<[number, number]> => {
  const text = (await page.locator('[data-screen]').getAttribute('data-scores')) ?? '';
  const [left, right] = text.split('-').map(Number);
  return [left ?? Number.NaN, right ?? Number.NaN];
};

describe('a paid Smol Shrimp match in two browsers', () => {
  let server: TestServer;
  let browser: Browser;
  let a: BrowserPlayer & { address: string };
  let b: BrowserPlayer & { address: string };
  let balanceOf: (wallet: string) => Promise<bigint>;
  let gameId: string;
  let winnerBeforeWin: bigint;
  let winnerAfterWin: bigint;

  beforeAll(async () => {
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    balanceOf = chainBalances(server.url);
    [a, b] = await Promise.all([
      readyPlayer(browser, server.url, { airdrops: 1 }),
      readyPlayer(browser, server.url, { airdrops: 1 }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('both pay the Smol Shrimp wager with the Local Wallet and are matched into one game', async () => {
    const before = await Promise.all([balanceOf(a.address), balanceOf(b.address)]);
    await findMatch(a.page, 'smol_shrimp');
    await findMatch(b.page, 'smol_shrimp');
    // Opponent found (3 s), the pre-game countdown (5 s), then the game screen.
    await Promise.all([waitForScreen(a.page, 'game', 60_000), waitForScreen(b.page, 'game', 60_000)]);

    gameId = (await gameIdOf(a.page)) ?? '';
    expect(gameId).not.toBe('');
    expect(await gameIdOf(b.page)).toBe(gameId);
    const after = await Promise.all([balanceOf(a.address), balanceOf(b.address)]);
    for (const i of [0, 1]) {
      const paid = before[i]! - after[i]!;
      expect(paid).toBeGreaterThanOrEqual(WAGER);
      expect(paid).toBeLessThan(WAGER + MAX_ENTRY_FEE);
    }
  }, 90_000);

  it('reloading a page during the match resumes the same game with its scores (rapid refresh)', async () => {
    // A holds its paddle at the top, so points fall soon: once the score is not 0-0, a reset would show.
    await a.page.keyboard.down('ArrowUp');
    await b.page.waitForFunction(
      () => {
        const scores = document.querySelector('[data-screen]')?.getAttribute('data-scores') ?? '0-0';
        return scores !== '0-0';
      },
      null,
      { timeout: 45_000 },
    );
    await a.page.keyboard.up('ArrowUp');
    const [left, right] = await scoresOf(b.page);
    await b.page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });

    await b.page.reload();
    expect(await b.page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await waitForScreen(b.page, 'game', 30_000);
    expect(await gameIdOf(b.page)).toBe(gameId);
    // The server's state of the game comes back: the score before the reload, or on from it, never 0-0.
    await b.page.waitForFunction(
      ([l, r]) => {
        const text = document.querySelector('[data-screen="game"]')?.getAttribute('data-scores') ?? '';
        const [left, right] = text.split('-').map(Number);
        return left! >= l! && right! >= r!;
      },
      [left, right],
      { timeout: 15_000 },
    );
    expect(await gameIdOf(b.page)).toBe(gameId);
    // The opponent was told of the pause and of the return: no overlay left on A's screen.
    await a.page
      .getByText('Opponent disconnected. Waiting for reconnection...')
      .waitFor({ state: 'hidden', timeout: 15_000 });
    await waitForScreen(a.page, 'game');
  }, 90_000);

  it('closing a page shows the other player the opponent-disconnected overlay', async () => {
    winnerBeforeWin = await balanceOf(a.address);
    const bSeat = await b.page.evaluate(() => {
      const last = JSON.parse(localStorage.getItem('lastGameState') ?? 'null') as { playerIndex: number };
      return last.playerIndex;
    });
    await b.page.close();

    const overlay = a.page.getByRole('region', { name: `Player ${bSeat + 1} Disconnected` });
    await overlay.waitFor({ timeout: 20_000 });
    const text = (await overlay.textContent()) ?? '';
    expect(text).toContain('Opponent disconnected. Waiting for reconnection...');
    expect(text).toContain('The game will continue if they reconnect');
    expect(text).toContain("Otherwise, you'll win by default");
  }, 60_000);

  it('when the 30 s window runs out, the player who stayed wins: Victory awarded!', async () => {
    await waitForScreen(a.page, 'gameOver', 60_000);
    const over = a.page.getByRole('region', { name: 'Game over' });
    const text = (await over.textContent()) ?? '';
    expect(text).toContain('YOU WIN');
    expect(text).toContain('Your opponent has disconnected. Victory awarded!');
    expect(await a.page.getByText('Opponent disconnected. Waiting for reconnection...').count()).toBe(0);
  }, 90_000);

  it("the winner's game over says what the match paid, exactly, and links the payout's transfer", async () => {
    const over = a.page.getByRole('region', { name: 'Game over' });
    // 'Verify' keeps the screen past its 10 s return to the menu while the payout is sent and confirmed.
    await over.getByRole('button', { name: 'Verify' }).click();
    await a.page.waitForFunction(
      () => document.querySelector('[data-testid="match-money"]')?.textContent?.includes('+0.0375 SOL paid'),
      null,
      { timeout: 60_000 },
    );
    const money = over.getByTestId('match-money');
    expect((await money.locator('p').textContent())?.trim()).toBe(`+${formatLamports(PAYOUT)} paid`);
    expect(formatLamports(PAYOUT)).toBe('0.0375 SOL');
    const [payout] = await server.db
      .select({ signature: transactions.transactionSignature })
      .from(transactions)
      .where(and(eq(transactions.gameId, gameId), eq(transactions.type, 'winner_payout')));
    expect(payout?.signature).toBeTruthy();
    const link = money.getByRole('link', { name: 'View payout transfer' });
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(href.origin).toBe('https://explorer.solana.com');
    expect(href.pathname).toBe(`/tx/${payout?.signature}`);
    expect(href.searchParams.get('cluster')).toBe('custom');
    expect(href.searchParams.get('customUrl')).toBe(`${new URL(server.url).origin}/rpc`);

    mkdirSync(GAME_OVER_SHOTS, { recursive: true });
    const size = a.page.viewportSize() ?? { width: 1280, height: 800 };
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      await a.page.setViewportSize(viewport);
      await money.scrollIntoViewIfNeeded();
      // Inside the page at this width: the line and its link neither overflow nor hide.
      const box = await money.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      expect(await link.isVisible()).toBe(true);
      await a.page.screenshot({ path: path.join(GAME_OVER_SHOTS, `${viewport.width}-game-over-paid.png`) });
    }
    await a.page.setViewportSize(size);
  }, 90_000);

  it("the winner's on-chain balance rises by exactly 1.5× the wager", async () => {
    winnerAfterWin = await readUntil(
      () => balanceOf(a.address),
      (balance) => balance !== winnerBeforeWin,
      { timeoutMs: 60_000 },
    );
    expect(winnerAfterWin - winnerBeforeWin).toBe(PAYOUT);
  }, 90_000);

  it("the winner's header and lobby balance show the new amount without a reload", async () => {
    const expected = formatLamports(winnerAfterWin, 3);
    await a.page.evaluate(() => {
      (window as unknown as { sameDocument?: boolean }).sameDocument = true;
    });
    // Within 15 s, under the 30 s balance poll: the payout's own notification refreshes the balance.
    await a.page.waitForFunction(
      (text) => document.querySelector('[data-testid="wallet-balance"]')?.textContent?.trim() === text,
      expected,
      { timeout: 15_000 },
    );
    // Back to the lobby: MAIN MENU (or the 10 s return), in the same document.
    const mainMenu = a.page.getByRole('button', { name: 'MAIN MENU' });
    if (await mainMenu.isVisible()) await mainMenu.click();
    await waitForScreen(a.page, 'start', 20_000);
    await a.page.getByTestId('lobby-balance').waitFor();
    expect(await lobbyBalanceText(a.page)).toBe(expected);
    expect(await headerBalanceText(a.page)).toBe(expected);
    expect(await a.page.evaluate(() => 'sameDocument' in window)).toBe(true);
  }, 60_000);

  it('both history panels show the game with its outcome: a win for the winner, a loss for the leaver', async () => {
    const winRow = a.page.locator(
      `[data-testid="transaction-history"] [data-testid="history-row"][data-outcome="win"]`,
    );
    await winRow.waitFor({ timeout: 30_000 });
    expect(await winRow.count()).toBe(1);
    expect(await winRow.textContent()).toContain('Smol Shrimp');
    expect(await winRow.textContent()).toContain(`vs ${shortenAddress(b.address)}`);
    await winRow.getByRole('button').first().click();
    const payoutRows = winRow.locator('[data-testid="history-transaction"]', { hasText: 'Payout' });
    await payoutRows.first().waitFor();
    expect(await payoutRows.count()).toBe(1);
    expect(await payoutRows.first().textContent()).toContain('0.0375 SOL');
    // The game's headline is what it came to: the payout less the entry.
    expect(await winRow.getByTestId('history-amount').textContent()).toBe('+0.0125 SOL');

    // The leaver opens the product again in the same browser profile: same Local Wallet, back in the lobby.
    const page = await openAnotherPage(b, server.url);
    await page
      .locator('[data-testid="wallet-connected"][data-signed-in="true"]')
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('wallet-address').getAttribute('title')).toBe(b.address);
    await waitForScreen(page, 'start', 30_000);
    const lossRow = page.locator(
      `[data-testid="transaction-history"] [data-testid="history-row"][data-outcome="loss"]`,
    );
    await lossRow.waitFor({ timeout: 30_000 });
    expect(await lossRow.count()).toBe(1);
    expect(await lossRow.textContent()).toContain('Smol Shrimp');
    expect(await lossRow.textContent()).toContain(`vs ${shortenAddress(a.address)}`);
    // The game it left is over: the reconnect its stored game id asks for is refused, and the page stays
    // in the lobby with no reconnect dialog (SPEC §4 reconnectionFailed with clearStoredGameId).
    await page
      .getByRole('dialog', { name: 'Connection Interrupted' })
      .waitFor({ state: 'hidden', timeout: 15_000 });
    await waitForScreen(page, 'start');
    expect(await page.locator('[data-testid="history-row"][data-outcome="win"]').count()).toBe(0);
  }, 90_000);

  it('the payout happened once: the balance does not rise again', async () => {
    // By now the winner's history shows one payout and the leaver's page has come and gone; the balance is
    // then watched for a few more seconds, long enough for a second payout of the same game to land.
    const watchUntil = Date.now() + 5_000;
    while (Date.now() < watchUntil) {
      expect(await balanceOf(a.address)).toBe(winnerAfterWin);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await balanceOf(a.address)).toBe(winnerAfterWin);
  }, 30_000);

  it("the leaderboard ranks the winner (+0.0125 SOL) above the leaver (-0.0250 SOL); the winner's page shows the win", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const leaderboard = async (width: number) => {
      await a.page.goto(`${server.url}/leaderboard`);
      const rows = a.page.getByTestId('leaderboard-row');
      await rows.first().waitFor({ timeout: 15_000 });
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toContain(shortenAddress(a.address));
      expect(await rows.nth(0).textContent()).toContain('+0.0125 SOL');
      expect(await rows.nth(1).textContent()).toContain(shortenAddress(b.address));
      expect(await rows.nth(1).textContent()).toContain('-0.0250 SOL');
      // The table fits the screen, at 375 px too: no sideways scroll hides the Net column.
      const table = a.page.getByTestId('leaderboard');
      const fits = await table.evaluate((t) => {
        const box = t.parentElement as HTMLElement;
        return { scroll: box.scrollWidth, shown: box.clientWidth };
      });
      expect(fits.scroll, `table ${fits.scroll} px wide in ${fits.shown} px`).toBeLessThanOrEqual(fits.shown);
      expect(await table.getByRole('columnheader', { name: 'Net' }).isVisible()).toBe(true);
      // Signed in, the winner may leave the rankings: the choice is offered, ticked (shown).
      expect(await a.page.getByRole('checkbox').isChecked()).toBe(true);
      await a.page.screenshot({ path: path.join(SHOTS, `${width}-leaderboard.png`) });
      await rows.nth(0).getByRole('link').click();
      const figures = a.page.getByTestId('player-figures');
      await figures.waitFor({ timeout: 15_000 });
      expect(await figures.textContent()).toContain('Games1Wins1Best streak1');
      expect(await figures.textContent()).toContain('+0.0125 SOL');
      expect(await a.page.getByTestId('player-result').first().textContent()).toContain('WIN · FORFEIT');
      // Recent results name no opponent.
      expect(await a.page.locator('main').textContent()).not.toContain(shortenAddress(b.address));
      await a.page.screenshot({ path: path.join(SHOTS, `${width}-player.png`) });
    };
    await leaderboard(1280);
    await a.page.setViewportSize({ width: 375, height: 812 });
    await leaderboard(375);
  }, 60_000);

  it('no page errors or console errors in either browser', () => {
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
