import type { Browser, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_POLL_MS } from '../src/client/admin/stat-cards.tsx';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { signInAdmin, waitForPath } from './support/admin.ts';
import { launchChromium } from './support/browser.ts';

/**
 * Logout is a navigation (SPEC §7): the server ends the session, then the sign-in page replaces the panel.
 * This test holds that moment open on purpose, so that it does not depend on how busy the machine is: a
 * stat poll is in flight when Logout is pressed, and it reaches the server only after the session ended,
 * while the sign-in page is still on its way. Chromium logs any 401 the page receives; the panel must take
 * its requests back at Logout so that none does, and start no other.
 */
describe('admin Logout in a real browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withClient: true });
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a poll in flight at Logout that reaches the server after the session ended: no 401 in the page, no request after the click', async () => {
    const admin = await signInAdmin(browser, server.url, { prepare: (page) => page.clock.install() });
    const { page, errors } = admin;

    // The stat cards' next poll (brought forward on the page's fake clock) is held on its way out.
    let heldPoll: { route: Route; request: Request } | null = null;
    const pollHeld = new Promise<void>((resolve) => {
      void page.route(
        '**/api/admin/stats',
        (route, request) => {
          heldPoll = { route, request };
          resolve();
        },
        { times: 1 },
      );
    });
    // The overview tab polls on the same beat: its request goes out with the held one, before Logout. Waited
    // for here, so that a busy machine delivering its 'request' event late does not count it as one after.
    const overviewPolled = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/overview', {
      timeout: 60_000,
    });
    await page.clock.fastForward(ADMIN_POLL_MS);
    await Promise.all([pollHeld, overviewPolled]);
    const poll = heldPoll as unknown as { route: Route; request: Request };
    const pollSettled = new Promise<'answered' | 'taken back'>((resolve) => {
      page.on('requestfinished', (r) => r === poll.request && resolve('answered'));
      page.on('requestfailed', (r) => r === poll.request && resolve('taken back'));
    });

    // The server ends the session at once; the redirect to /admin/login waits until the poll is settled.
    const sessionEnded = new Promise<void>((resolve) => {
      void page.route('**/api/admin/logout', async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        resolve();
        await pollSettled;
        await route.fulfill({ response });
      });
    });

    const startedAfter: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/admin/') && path !== '/api/admin/logout') startedAfter.push(path);
    });
    await page.getByRole('link', { name: 'Logout' }).click({ noWaitAfter: true });
    await sessionEnded;
    // Sent on now, the poll meets a server whose session is gone (a 401) unless the page took it back.
    await poll.route.continue().catch(() => undefined);
    expect(await pollSettled).toBe('taken back');
    await waitForPath(page, '/admin/login');
    await page.getByPlaceholder('Enter your email').waitFor();

    expect(startedAfter).toEqual([]);
    // Nothing logged: no 401 from the panel, nor from the session check (its probe answers 200 signed out).
    expect(errors).toEqual([]);
    await admin.context.close();
  }, 120_000);
});
