import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '../../test/support/test-server.ts';
import { DESKTOP } from './player.ts';

/** An operator in its own browser context (its own cookie jar), with the errors its page raised. */
export interface BrowserAdmin {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * Opens /admin/login in a new context and signs in with the test server's admin (SPEC §2 texts).
 * `prepare` runs on the fresh page before it loads anything (e.g. to install Playwright's fake clock).
 */
export async function signInAdmin(
  browser: Browser,
  url: string,
  options: { prepare?(page: Page): Promise<void> } = {},
): Promise<BrowserAdmin> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await options.prepare?.(page);
  const errors: string[] = [];
  // As watchErrors does, with the failing resource's address: a session check's 401 names its URL.
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} <${msg.location().url}>`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/admin/login`);
  await page.getByPlaceholder('Enter your email').fill(TEST_ADMIN_EMAIL);
  await page.getByPlaceholder('Enter your password').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/admin');
  await page.getByTestId('admin-role').waitFor({ timeout: 30_000 });
  return { context, page, errors };
}

export const waitForPath = (page: Page, pathname: string) =>
  page.waitForURL((u) => u.pathname === pathname, { timeout: 30_000 });

/** Selects a back-office tab by its exact name and waits until it is the selected one. */
export async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('[role="tab"]')].some(
        (t) => t.textContent === label && t.getAttribute('aria-selected') === 'true',
      ),
    name,
    { timeout: 15_000 },
  );
}

/** The tab that is selected now, by name. */
export const selectedTab = (page: Page) =>
  page.locator('[role="tab"][aria-selected="true"]').textContent({ timeout: 15_000 });

/** Types a term into the search box, presses Search and waits for the summary of that term. */
export async function searchFor(page: Page, term: string): Promise<string> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const summary = page.getByTestId('search-summary');
  await summary.filter({ hasText: `'${term}'` }).waitFor({ timeout: 30_000 });
  return (await summary.textContent()) ?? '';
}

/** A back-office table by its accessible name, waited for. */
export async function table(scope: Page | Locator, name: string, timeout = 30_000): Promise<Locator> {
  const found = scope.getByRole('table', { name, exact: true });
  await found.waitFor({ timeout });
  return found;
}

/** The row of `inTable` that holds a control named `name` (a wallet, IP or game link, a signature button). */
export function rowWith(inTable: Locator, name: string): Locator {
  return inTable.getByRole('row').filter({ has: inTable.page().getByLabel(name, { exact: true }) });
}

/**
 * Waits for a toast by its title. Radix hides the page behind an open dialog from the accessibility tree,
 * toasts included, so the toast is found by its text.
 */
export async function waitForToast(page: Page, title: string, timeout = 20_000): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor({ timeout });
}

/** The page of a wallet, an IP or a game (/admin/wallets/<address>, ...), waited for. */
export async function placePage(page: Page): Promise<Locator> {
  const found = page.getByTestId('admin-place');
  await found.waitFor({ timeout: 20_000 });
  return found;
}

/** Leaves a wallet's, IP's or game's page with the browser's Back and waits for the list it came from. */
export async function leavePlacePage(page: Page): Promise<void> {
  await page.goBack();
  await page.getByTestId('admin-place').waitFor({ state: 'detached', timeout: 15_000 });
}

/** Horizontal overflow of the page: how many CSS pixels it would scroll sideways. */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The SOL figure of a stat card ('0.05 SOL' → 0.05; '3' → 3); NaN while it still loads. */
export async function statFigure(page: Page, label: string): Promise<number> {
  const text = (await page.getByTestId(`stat-${label}`).locator('div').nth(1).textContent()) ?? '';
  return Number.parseFloat(text.replace(/[^0-9.]/g, ''));
}
