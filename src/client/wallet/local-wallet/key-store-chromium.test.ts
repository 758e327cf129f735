import path from 'node:path';
import type { Browser } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../../e2e/support/browser.ts';

/**
 * The Local Wallet's key in a real browser (Debian's Chromium): the Local Wallet's key is a non-extractable
 * Ed25519 CryptoKey kept in IndexedDB, the same after a reload, and another browser profile gets another.
 */

// localhost: a secure context, as WebCrypto requires (any https origin would do as well).
const ORIGIN = 'http://localhost:9';
const KEY_STORE = path.join(import.meta.dirname, 'key-store.ts');

const probeEntry: Plugin = {
  name: 'key-store-probe',
  resolveId: (id) => (id.endsWith('key-store-probe-entry') ? '\0key-store-probe-entry' : null),
  load: (id) =>
    id === '\0key-store-probe-entry'
      ? `import { loadOrCreateKeyPair } from ${JSON.stringify(KEY_STORE)};
         import { getAddressFromPublicKey } from '@solana/kit';
         window.probe = async () => {
           const { keyPair, place } = await loadOrCreateKeyPair({ indexedDB, storage: localStorage });
           return {
             address: await getAddressFromPublicKey(keyPair.publicKey),
             place,
             extractable: keyPair.privateKey.extractable,
             seed: localStorage.getItem('local_wallet_seed'),
           };
         };`
      : null,
};

async function bundleProbe(): Promise<string> {
  const output = await build({
    configFile: false,
    root: path.resolve(import.meta.dirname, '../../../..'),
    logLevel: 'silent',
    plugins: [probeEntry],
    build: {
      write: false,
      minify: false,
      lib: { entry: 'key-store-probe-entry', formats: ['iife'], name: 'probe', fileName: 'probe' },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  const chunk = (result as { output: { type: string; code?: string }[] }).output.find(
    (o) => o.type === 'chunk',
  );
  if (!chunk?.code) throw new Error('the probe did not bundle');
  return chunk.code;
}

describe('the Local Wallet keypair in Chromium', () => {
  let browser: Browser;
  let script: string;

  beforeAll(async () => {
    [script, browser] = await Promise.all([bundleProbe(), launchChromium()]);
  }, 120_000);
  afterAll(() => browser?.close());

  async function openProfile() {
    const context = await browser.newContext();
    await context.route(`${ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><script>${script}</script>` }),
    );
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/`);
    const probe = () =>
      page.evaluate(() => (window as unknown as { probe(): Promise<Record<string, unknown>> }).probe());
    return { context, page, probe };
  }

  it('a non-extractable key in IndexedDB, no secret in localStorage, the same address after a reload', async () => {
    const { context, page, probe } = await openProfile();
    const first = await probe();
    expect(first).toMatchObject({ place: 'indexeddb', extractable: false, seed: null });
    expect(first.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await page.reload();
    expect((await probe()).address).toBe(first.address);

    const other = await openProfile();
    expect((await other.probe()).address).not.toBe(first.address);
    await Promise.all([context.close(), other.context.close()]);
  });
});
