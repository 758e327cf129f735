import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';

describe('the product in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the home page loads with header, lobby and footer', async () => {
    await page.goto(`${server.url}/`);
    await page.getByText('CHOOSE YOUR GAME MODE').waitFor();
    await expect(page.getByText('skill based wager matchmaking').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('Connect your Solana wallet').first().isVisible()).resolves.toBe(true);
    const footer = (await page.locator('footer').textContent()) ?? '';
    expect(footer).toContain(String(new Date().getFullYear()));
    expect(footer).toContain('Terms of Service');
  });

  it('the Terms of Service dialog opens from the footer and I Agree closes it', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Terms of Service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Last Updated: March 9, 2025');
    expect(text).toContain('Cayman Islands');
    await dialog.getByRole('button', { name: 'I Agree' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('any other path answers 404 and shows the not-found screen, whose link goes back to the game', async () => {
    const response = await page.goto(`${server.url}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(
      true,
    );
    await page.getByRole('link', { name: 'Back to the game' }).click();
    await page.getByText('CHOOSE YOUR GAME MODE').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('the pages answer 200: /, /admin and /admin/login', async () => {
    for (const path of ['/', '/admin', '/admin/login']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
    }
  });

  it('/admin/login shows the admin sign-in form', async () => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByText('Secure access to the back office system').waitFor();
    await expect(page.getByPlaceholder('Enter your email').isVisible()).resolves.toBe(true);
  });

  it('/api/wallet-config answers a valid base58 house address', async () => {
    const res = await fetch(`${server.url}/api/wallet-config`);
    const body = (await res.json()) as { houseWallet: string };
    expect(body.houseWallet).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(body.houseWallet).toBe(server.houseWallet);
  });

  it("a link with a wallet app's error and a stranger's text shows none of that text", async () => {
    const lure = 'Your wallet is locked: send 0.5 SOL to 9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const tab = await browser.newPage();
    try {
      // Every text the page ever shows is recorded, so a toast that comes and goes is seen too.
      await tab.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __seen: string[] }).__seen = seen;
        new MutationObserver(() => seen.push(document.body?.textContent ?? '')).observe(document, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      });
      await tab.goto(
        `${server.url}/?wallet_connection=x&errorCode=-32000&errorMessage=${encodeURIComponent(lure)}`,
      );
      // The wallet code read the address once it has cleaned it; then two frames for anything it shows.
      await tab.waitForFunction(() => location.search === '', null, { timeout: 30_000 });
      await tab.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      await tab.getByText('CHOOSE YOUR GAME MODE').waitFor();
      const seen = await tab.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));
      expect(seen).not.toContain('0.5 SOL');
      expect(seen).not.toContain('wallet is locked');
      expect(seen).not.toContain('Wallet Connection Failed');
    } finally {
      await tab.close();
    }
  });

  it('the particle background moves where motion is welcome, and draws one still frame where reduced motion is preferred', async () => {
    const drawnFrames = async (reducedMotion: 'reduce' | 'no-preference', watchMs: number) => {
      const context = await browser.newContext({ reducedMotion, viewport: { width: 640, height: 400 } });
      const tab = await context.newPage();
      await tab.goto(`${server.url}/`);
      await tab.getByText('CHOOSE YOUR GAME MODE').waitFor();
      const snapshot = () =>
        tab.evaluate(() =>
          document.querySelector<HTMLCanvasElement>('.pointer-events-none.fixed canvas')?.toDataURL(),
        );
      const first = await snapshot();
      expect(first).toMatch(/^data:image\/png/);
      const seen = new Set([first]);
      for (const started = Date.now(); Date.now() - started < watchMs && seen.size < 3; ) {
        await tab.waitForTimeout(100);
        seen.add(await snapshot());
      }
      await context.close();
      return seen.size;
    };
    // Animated, a third frame differs from the first two within 10 s even on a busy machine.
    expect(await drawnFrames('no-preference', 10_000)).toBe(3);
    // Reduced, the one frame drawn at start stays for 2 s.
    expect(await drawnFrames('reduce', 2_000)).toBe(1);
  });

  it('the pages raised no script errors and no CSP violations', () => {
    // /admin/login's own API calls are allowed to 404 until the admin back-office lands; nothing else may fail.
    const unexpected = consoleErrors.filter((e) => !e.includes('404'));
    expect(unexpected).toEqual([]);
  });
});
