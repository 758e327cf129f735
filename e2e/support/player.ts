import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * One player in a real browser: its own context (its own IndexedDB, so its own Local Wallet keypair), the
 * console errors it raised, and the steps every acceptance test takes through the product's own UI.
 */
export interface BrowserPlayer {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, for the "no page errors" checks. */
  errors: string[];
  close(): Promise<void>;
}

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 375, height: 812 } as const;

export async function openPlayer(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; phone?: boolean } = {},
): Promise<BrowserPlayer> {
  const phone = options.phone ?? false;
  const context = await browser.newContext({
    viewport: options.viewport ?? (phone ? PHONE : DESKTOP),
    ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} <${msg.location().url}>`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/`);
  return { context, page, errors, close: () => context.close() };
}

/** SPEC §2 terms acceptance, then the Local Wallet (the only wallet in a test browser), then SIWS. */
export async function connectLocalWallet(page: Page): Promise<string> {
  await page.getByTestId('connect-wallet-button').click();
  await page.getByTestId('terms-acceptance-scroll').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await page.getByTestId('terms-accept-checkbox').click();
  await page.getByTestId('terms-accept-button').click();
  const option = page.getByTestId('wallet-option-Local Wallet');
  const connected = page.getByTestId('wallet-connected');
  // With one wallet the product connects it directly; a chooser appears only when there are several.
  await Promise.race([option.waitFor({ timeout: 15_000 }), connected.waitFor({ timeout: 15_000 })]);
  if (await option.isVisible()) await option.click();
  await page.locator('[data-testid="wallet-connected"][data-signed-in="true"]').waitFor({ timeout: 15_000 });
  return (await page.getByTestId('wallet-address').getAttribute('title')) ?? '';
}

/** The lobby balance in lamports as the page shows it (3 decimals of SOL). */
export async function lobbyBalanceText(page: Page): Promise<string> {
  return ((await page.getByTestId('lobby-balance').textContent()) ?? '').trim();
}

/** 'Airdrop test SOL' once: 1 SOL from the local chain, waited for until the header balance shows it. */
export async function airdrop(page: Page): Promise<void> {
  const before = (await page.getByTestId('wallet-balance').textContent()) ?? '';
  await page.getByTestId('airdrop-button').click();
  await page.getByText('Airdrop Received').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    (prev) => document.querySelector('[data-testid="wallet-balance"]')?.textContent !== prev,
    before,
    { timeout: 20_000 },
  );
}

/** Pick a mode card and press Find Match. */
export async function findMatch(page: Page, modeId: string): Promise<void> {
  await page.getByTestId(`mode-card-${modeId}`).click();
  await page.getByTestId('find-match').click();
}

/** A player that stays in the browser: terms, Local Wallet, sign-in, and optionally test SOL. */
export async function readyPlayer(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; phone?: boolean; airdrops?: number } = {},
): Promise<BrowserPlayer & { address: string }> {
  const player = await openPlayer(browser, url, options);
  const address = await connectLocalWallet(player.page);
  for (let i = 0; i < (options.airdrops ?? 0); i++) await airdrop(player.page);
  return { ...player, address };
}

/** Records a page's console errors and uncaught errors into `errors` (as openPlayer does for its page). */
export function watchErrors(page: Page, errors: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} <${msg.location().url}>`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

/**
 * A new page in the player's own context (same IndexedDB, so the same Local Wallet, and the same storage),
 * its errors going to the player's `errors`; it becomes the player's page.
 */
export async function openAnotherPage(player: BrowserPlayer, url: string): Promise<Page> {
  const page = await player.context.newPage();
  watchErrors(page, player.errors);
  await page.goto(`${url}/`);
  player.page = page;
  return page;
}

/** The game page's current screen (SPEC §2): start, loading, countdown, game or gameOver. */
export async function waitForScreen(page: Page, screen: string, timeout = 30_000): Promise<void> {
  await page.locator(`[data-screen="${screen}"]`).waitFor({ timeout });
}

/** The header's wallet balance text, as the player sees it. */
export async function headerBalanceText(page: Page): Promise<string> {
  return ((await page.getByTestId('wallet-balance').textContent()) ?? '').trim();
}
