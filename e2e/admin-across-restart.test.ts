import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { type BrowserAdmin, signInAdmin } from './support/admin.ts';
import { launchChromium } from './support/browser.ts';

/**
 * An operator's open back-office while the server restarts under it: the session is the database's, so the
 * page goes on signed in once the server is back (its 10 s poll reads the new run; nothing says
 * 'Authentication Required'), a note written before the restart is still there, one written after lands, and a
 * reload stays on the same page. What the page says after is what the new run holds.
 */
describe('the back-office across a server restart', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: BrowserAdmin;
  const wallet = 'Hous3Wa11et111111111111111111111111111111111';

  beforeAll(async () => {
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
    admin = await signInAdmin(browser, server.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const addNote = async (text: string) => {
    await admin.page.getByLabel('Note text').fill(text);
    await admin.page.getByRole('button', { name: 'Add note' }).click();
    await admin.page
      .getByRole('list', { name: 'Support notes' })
      .getByText(text)
      .waitFor({ timeout: 30_000 });
  };

  it('a wallet page open before the restart goes on after it, signed in, its note kept', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/admin/wallets/${wallet}`);
    await page.getByTestId('money-net').waitFor({ timeout: 30_000 });
    await addNote('Before the restart: player asked about a refund.');

    await server.restart();
    // The page's own poll (10 s) reaches the new run: the stat cards answer again, no sign-in is asked.
    await page.waitForResponse((r) => r.url().endsWith('/api/admin/stats') && r.status() === 200, {
      timeout: 30_000,
    });
    expect(await page.getByText('Authentication Required').count()).toBe(0);
    await addNote('After the restart: checked again, nothing owed.');
    const notes = page.getByRole('list', { name: 'Support notes' });
    expect(await notes.getByText('Before the restart: player asked about a refund.').count()).toBe(1);

    await page.reload();
    await page.getByTestId('money-net').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/admin/wallets/${wallet}`);
    expect(await page.getByRole('listitem').filter({ hasText: 'restart' }).count()).toBe(2);
  }, 120_000);

  it('no page errors but the requests the restart itself refused while it was down', () => {
    const unexpected = admin.errors.filter(
      (e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|net::ERR_/.test(e),
    );
    expect(unexpected).toEqual([]);
  });
});
