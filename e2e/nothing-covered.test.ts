import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { type BrowserPlayer, findMatch, PHONE, readyPlayer, waitForScreen } from './support/player.ts';

const SHOTS = process.env.NOTHING_COVERED_SHOTS ?? '/tmp/shots-nothing-covered';
const LAPTOP = { width: 1280, height: 800 } as const;

/**
 * On a phone, Find Match's top may sit at most this far down the page as it opens: the first screen (812 px)
 * plus one short scroll of a quarter screen (203 px), so a player reaches it with a thumb flick at most,
 * never past five full-width cards (on main it sat about 1,250 px down).
 */
const PHONE_FIND_MATCH_MAX_TOP = PHONE.height + PHONE.height / 4;

/**
 * The controls a toast must never cover where the player sees them: the header's balance, Airdrop and
 * Disconnect, Find Match and Challenge a friend, the history's rows, Leave match.
 */
const HEADER_CONTROLS = [
  '[data-testid="wallet-balance"]',
  '[data-testid="disconnect-wallet-button"]',
  '[data-testid="airdrop-button"]',
];
const LOBBY_CONTROLS = [...HEADER_CONTROLS, '[data-testid="find-match"]', '[data-testid="challenge-friend"]'];
const HISTORY_ROWS = '[data-testid="history-row"] > button';
const GAME_CONTROLS = [...HEADER_CONTROLS, 'button:text-is("Leave match")'];
/**
 * The footer, always there, must cover nothing at all: the lobby's balance line and the mode cards too. A
 * toast (there for seconds, closable) hangs just below the header's controls, so for its seconds it may lie
 * over what comes next: the heading, the lobby's copy of the balance, the top of a card.
 */
const FOOTER_ALSO = ['[data-testid="lobby-balance"]', '[data-testid^="mode-card-"]'];

interface Covering {
  control: string;
  at: string;
  by: string;
}

/**
 * For every control, at each of the given window positions (the page as it is, or the control scrolled to
 * the top, the middle or the bottom of the window): whether the footer or a toast overlaps its box, and
 * whether the element at its centre (document.elementFromPoint, whatever the z-index) is the control
 * itself. `toastAt` says at which positions a toast counts (the footer counts at all of them).
 */
function coverings(
  page: Page,
  selectors: string[],
  positions: ('as-is' | 'start' | 'center' | 'end')[],
  toastAt: ('as-is' | 'start' | 'center' | 'end')[],
): Promise<Covering[]> {
  return page.evaluate(
    ({ selectors, positions, toastAt }) => {
      const found: { control: string; at: string; by: string }[] = [];
      const describe = (el: Element) => {
        const id = el.getAttribute('data-testid');
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}"`;
      };
      const overlap = (a: DOMRect, b: DOMRect) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
      const elements: [string, Element][] = [];
      for (const selector of selectors) {
        // Playwright's :text-is() is not CSS: the one such selector here names a button by its text.
        const textIs = /^button:text-is\("(.*)"\)$/.exec(selector);
        const matches = textIs
          ? [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === textIs[1])
          : [...document.querySelectorAll(selector)];
        if (matches.length === 0) found.push({ control: selector, at: '-', by: 'missing' });
        for (const el of matches.slice(0, 6)) elements.push([describe(el), el]);
      }
      const startScroll = window.scrollY;
      for (const at of positions) {
        for (const [name, el] of elements) {
          if (at === 'as-is') window.scrollTo(0, startScroll);
          else el.scrollIntoView({ block: at, inline: 'nearest', behavior: 'instant' });
          const box = el.getBoundingClientRect();
          if (box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
          const footer = document.querySelector('footer');
          if (footer && overlap(footer.getBoundingClientRect(), box))
            found.push({ control: name, at, by: 'footer' });
          const toast = document.querySelector('section[aria-label="Notifications"] > [role]');
          if (toast && toastAt.includes(at) && overlap(toast.getBoundingClientRect(), box)) {
            found.push({ control: name, at, by: `toast "${toast.textContent?.trim().slice(0, 30)}"` });
          }
          const x = (Math.max(box.left, 0) + Math.min(box.right, window.innerWidth)) / 2;
          const y = (Math.max(box.top, 0) + Math.min(box.bottom, window.innerHeight)) / 2;
          const hit = document.elementFromPoint(x, y);
          const inToast = !!hit?.closest('section[aria-label="Notifications"]');
          if (hit && hit !== el && !el.contains(hit) && (!inToast || toastAt.includes(at)))
            found.push({ control: name, at, by: describe(hit) });
        }
      }
      window.scrollTo(0, startScroll);
      return found;
    },
    { selectors, positions, toastAt },
  );
}

/** Waits until the window has stopped scrolling (the lobby scrolls Find Match into view smoothly). */
const scrollSettled = (page: Page) =>
  page.evaluate(async () => {
    let last = -1;
    let still = 0;
    while (still < 10) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
  });

const toastOf = (page: Page, title: string) =>
  page.locator('section[aria-label="Notifications"] > [role]').filter({ hasText: title });
/** Waits until the toast is shown (open, not fading). */
const toastOpen = (page: Page, title: string) =>
  toastOf(page, title).and(page.locator('[data-state="open"]')).waitFor({ timeout: 20_000 });
/** Waits until the toast has gone (5 s, then its fade). */
const toastGone = (page: Page, title: string) =>
  toastOf(page, title).waitFor({ state: 'detached', timeout: 20_000 });

/**
 * Nothing covered, at 1280×800 and at 375×812 (a phone): neither the page's footer nor a toast ever lies
 * over a control a player needs (the header's balance, Airdrop and Disconnect, Find Match, Challenge a
 * friend, the history's rows, Leave match; for the footer the lobby balance and the mode cards too), measured
 * by their boxes and by the element at each control's centre (elementFromPoint, whatever the z-index). The
 * footer is checked with each control scrolled to the top, the middle and the bottom of the window, since it
 * is always there; a toast (there for seconds) with the page as the player left it, at the page's top, and
 * with each control brought to the middle of the window. Error toasts are raised by refused actions: a
 * payment whose transfer cannot reach the chain ('Payment Failed'), and on the game screen an airdrop
 * ('Airdrop Failed'). On a phone Find Match is within reach (PHONE_FIND_MATCH_MAX_TOP).
 */
describe.each([
  { width: LAPTOP.width, viewport: LAPTOP, phone: false },
  { width: PHONE.width, viewport: PHONE, phone: true },
])('nothing covers a control at $width px', ({ width, viewport, phone }) => {
  let server: TestServer;
  let browser: Browser;
  let a: BrowserPlayer;
  let b: BrowserPlayer;
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`) });

  /**
   * A's browser cannot reach the chain to send a transfer or ask an airdrop: Find Match on a paid mode fails
   * ('Payment Failed'), so does 'Airdrop test SOL' ('Airdrop Failed'); both are error toasts.
   */
  const refuseChain = (page: Page) =>
    page.route('**/rpc', (route) =>
      /"(sendTransaction|requestAirdrop)"/.test(route.request().postData() ?? '')
        ? route.abort('failed')
        : route.continue(),
    );

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    [a, b] = await Promise.all([
      readyPlayer(browser, server.url, { viewport, phone, airdrops: 1 }),
      readyPlayer(browser, server.url, { viewport, phone }),
    ]);
    await toastGone(a.page, 'Airdrop Received');
    await refuseChain(a.page);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the lobby as it opens: Find Match within reach, the footer over no control', async () => {
    const { page } = a;
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'lobby-top');
    const top = await page
      .getByTestId('find-match')
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    if (phone)
      expect(top, 'Find Match top on a phone (px from the page top)').toBeLessThanOrEqual(
        PHONE_FIND_MATCH_MAX_TOP,
      );
    const all = [...LOBBY_CONTROLS, ...FOOTER_ALSO];
    expect(await coverings(page, all, ['as-is', 'start', 'center', 'end'], [])).toEqual([]);
  });

  it('a refused payment’s error toast covers no header control, nor Find Match where the player pressed it', async () => {
    const { page } = a;
    await page.evaluate(() => window.scrollTo(0, 0));
    await findMatch(page, 'smol_shrimp');
    await toastOpen(page, 'Payment Failed');
    await scrollSettled(page);
    await shot(page, 'payment-failed-toast');
    // As the page is after the press (the lobby scrolls Find Match into view itself), then at the top.
    expect(await coverings(page, LOBBY_CONTROLS, ['as-is', 'center'], ['as-is', 'center'])).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'payment-failed-toast-top');
    expect(await coverings(page, LOBBY_CONTROLS, ['as-is'], ['as-is'])).toEqual([]);
  }, 60_000);

  it('the game screen: Leave match and the header clear of the footer and of an error toast', async () => {
    await toastGone(a.page, 'Payment Failed');
    await findMatch(a.page, 'practice');
    await waitForScreen(a.page, 'loading');
    await findMatch(b.page, 'practice');
    await Promise.all([waitForScreen(a.page, 'game', 60_000), waitForScreen(b.page, 'game', 60_000)]);
    const leave = a.page.getByRole('button', { name: 'Leave match' });
    await leave.waitFor();
    expect(await coverings(a.page, GAME_CONTROLS, ['as-is', 'start', 'center', 'end'], [])).toEqual([]);
    await shot(a.page, 'game');

    const asPlayed = await a.page.evaluate(() => window.scrollY);
    await a.page.getByTestId('airdrop-button').click();
    await toastOpen(a.page, 'Airdrop Failed');
    await a.page.evaluate((y) => window.scrollTo(0, y), asPlayed);
    await shot(a.page, 'game-toast');
    expect(await coverings(a.page, GAME_CONTROLS, ['as-is', 'center'], ['as-is', 'center'])).toEqual([]);
    await a.page.evaluate(() => window.scrollTo(0, 0));
    expect(await coverings(a.page, GAME_CONTROLS, ['as-is'], ['as-is'])).toEqual([]);

    await leave.click();
    await a.page.getByRole('button', { name: 'Leave and forfeit' }).click();
    await waitForScreen(a.page, 'start', 60_000);
  }, 150_000);

  it('back in the lobby: the history’s rows clear of the footer and of an error toast', async () => {
    const { page } = a;
    await toastGone(page, 'Airdrop Failed');
    await page.locator(HISTORY_ROWS).first().waitFor({ timeout: 30_000 });
    const controls = [...LOBBY_CONTROLS, HISTORY_ROWS];
    expect(await coverings(page, [...controls, ...FOOTER_ALSO], ['start', 'center', 'end'], [])).toEqual([]);
    await page
      .locator(HISTORY_ROWS)
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await shot(page, 'history');

    await page.evaluate(() => window.scrollTo(0, 0));
    await findMatch(page, 'smol_shrimp');
    await toastOpen(page, 'Payment Failed');
    await scrollSettled(page);
    expect(await coverings(page, controls, ['as-is', 'center'], ['as-is', 'center'])).toEqual([]);
    await page
      .locator(HISTORY_ROWS)
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'history-toast');
  }, 90_000);
});
