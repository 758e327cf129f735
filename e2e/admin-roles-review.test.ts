import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskEvidence } from '../src/common/api/risk-evidence.ts';
import { ADMIN_ERRORS } from '../src/server/admin/admin-messages.ts';
import { base32Decode, totpAt } from '../src/server/admin/two-factor/totp.ts';
import { packageRoot } from '../src/server/package-root.ts';
import {
  startTestServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../test/support/test-server.ts';
import { placePage } from './support/admin.ts';
import { launchChromium } from './support/browser.ts';
import { DESKTOP, PHONE, watchErrors } from './support/player.ts';

const SHOTS = path.join(packageRoot(), 'screenshots');
const FLAGGED = 'So11111111111111111111111111111111111111112';
const SUPPORT = { email: 'support@pong.example', password: 'a support password', role: 'support' } as const;
const ADMIN = { email: 'reviewer@pong.example', password: 'a reviewer password', role: 'admin' } as const;

/** Evidence of the risk pass's shape (src/common/api/risk-evidence.ts): a bot's 30 ms reactions. */
const EVIDENCE: RiskEvidence = {
  version: 1,
  score: 95,
  computedAt: new Date().toISOString(),
  signals: [
    {
      kind: 'fast_reactions',
      points: 60,
      summary: 'Reacts to the opponent’s hit in 30 ms (median over 48 reactions)',
      figures: { medianReactionMs: 30, reactions: 48, underHumanShare: '100%' },
      games: [],
    },
  ],
};

/**
 * Roles and the review queue in a real browser, second factor on for owner, admin and support: the owner
 * enrols and creates a support admin and an admin in the Admins tab; the support admin signs in with a TOTP
 * code, opens the flagged wallet by its URL and sees the evidence, but has no Ban or Resolve control and the
 * API answers 403 to a ban; the admin resolves the flag with a note.
 */
describe('admin roles and the review of a flagged wallet in a real browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startTestServer({ withClient: true, env: { ADMIN_2FA_ROLES: 'owner,admin,support' } });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A first sign-in: password, then enrolment with a code from the shown key, then the recovery codes. */
  async function signInEnrolling(
    email: string,
    password: string,
    viewport: { width: number; height: number } = DESKTOP,
  ): Promise<{ page: Page; errors: string[] }> {
    const page = await (await browser.newContext({ viewport })).newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${server.url}/admin/login`);
    await page.getByPlaceholder('Enter your email').fill(email);
    await page.getByPlaceholder('Enter your password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Set Up Authenticator' }).click();
    const secret = base32Decode(
      (await page.getByTestId('totp-secret').textContent({ timeout: 30_000 })) ?? '',
    );
    await page.getByLabel('Authentication code').fill(totpAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'I Saved Them, Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 });
    return { page, errors };
  }

  /** A JSON POST to the admin API from the page, as the panel sends it; the status and the error text. */
  const post = (page: Page, url: string, body: object) =>
    page.evaluate(
      async ([u, b]) => {
        const res = await fetch(`/api/admin${u}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        });
        return { status: res.status, error: ((await res.json()) as { error?: string }).error ?? null };
      },
      [url, body] as const,
    );

  it('the owner creates a support admin and an admin, and a wallet is flagged with evidence', async () => {
    const { page, errors } = await signInEnrolling(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    await expect(page.getByTestId('admin-role').textContent()).resolves.toBe('owner');
    await page.getByRole('tab', { name: 'Admins' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/admins');
    for (const account of [SUPPORT, ADMIN]) {
      const form = page.getByRole('form', { name: 'New admin' });
      await form.getByLabel('Email').fill(account.email);
      await form.getByLabel('First password').fill(account.password);
      await form.getByLabel('Role').selectOption(account.role);
      await form.getByRole('button', { name: 'Create Admin' }).click();
      await page
        .getByRole('row', { name: new RegExp(account.email.replace('.', '\\.')) })
        .waitFor({ timeout: 30_000 });
    }
    const flagged = await post(page, '/flag-wallet', {
      walletAddress: FLAGGED,
      reason: 'Risk score 95: fast_reactions',
      severity: 'critical',
      evidence: EVIDENCE,
    });
    expect(flagged.status).toBe(200);
    expect(errors).toEqual([]);
  }, 180_000);

  it('support signs in with a code, opens the flagged wallet by its URL, sees the evidence, and cannot ban', async () => {
    const { page, errors } = await signInEnrolling(SUPPORT.email, SUPPORT.password, PHONE);
    await expect(page.getByTestId('admin-role').textContent()).resolves.toBe('support');
    await page.goto(`${server.url}/admin/wallets/${FLAGGED}`);
    const wallet = await placePage(page);
    const flag = wallet.getByTestId('wallet-flag-state');
    await flag.getByText('Inhuman reactions').waitFor({ timeout: 30_000 });
    expect(await flag.textContent()).toContain('30 ms');
    // No control the role does not allow: Ban, Resolve, Flag.
    expect(await page.getByRole('button', { name: `Ban wallet ${FLAGGED}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Resolve flag of ${FLAGGED}` }).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, '375-admin-support-flagged-wallet.png'), fullPage: true });
    expect(errors).toEqual([]);
    // And the server refuses what the page does not offer (the browser logs that 403 itself).
    const refused = await post(page, '/ban-wallet', { walletAddress: FLAGGED, reason: 'support tries' });
    expect(refused).toEqual({ status: 403, error: ADMIN_ERRORS.forbiddenForRole });
  }, 180_000);

  it('an admin resolves the flag with a note', async () => {
    const { page, errors } = await signInEnrolling(ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/admin/wallets/${FLAGGED}`);
    const wallet = await placePage(page);
    await wallet.getByText('Inhuman reactions').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'admin-flagged-wallet-review.png'), fullPage: true });
    await page.getByRole('button', { name: `Resolve flag of ${FLAGGED}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve Flag' });
    await dialog.getByLabel('Resolution').fill('Reviewed the replays: a bot; banned elsewhere');
    await dialog.getByRole('button', { name: 'Resolve Flag' }).click();
    await wallet.getByTestId('wallet-flag-state').getByText('Not flagged').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  }, 180_000);
});
