import { existsSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Pages of the browser tests prefer reduced motion unless a test asks otherwise (`reducedMotion:
 * 'no-preference'` on its context): the particle background behind every screen then draws one still
 * frame instead of one per display frame. Animated, it cost each open page about a third of a core on this
 * machine's software rendering (6.5 CPU-seconds in 20 s on an idle lobby, 0.02 reduced), and the waiting
 * lane keeps two to six pages open at once for most of its run. The game's own canvas draws every frame
 * either way; e2e/shell.test.ts checks the background moves where motion is welcome.
 */
const TEST_CONTEXT_DEFAULTS: BrowserContextOptions = { reducedMotion: 'reduce' };

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ ...TEST_CONTEXT_DEFAULTS, ...options });
  browser.newPage = (options) => newPage({ ...TEST_CONTEXT_DEFAULTS, ...options });
  return browser;
}
