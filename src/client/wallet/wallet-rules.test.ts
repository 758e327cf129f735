import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { createManualTimers } from '../test-support/manual-timers.ts';
import { BALANCE_ATTEMPTS, FALLBACK_BALANCE_LAMPORTS, fetchBalanceWithRetry } from './balance-fetch.ts';
import { connectStep } from './connect-step.ts';
import { browseLinks } from './deep-links.ts';
import { detectWithRetry } from './detection-retry.ts';
import { isMobileDevice, walletAppBrowser } from './device.ts';
import { shouldIgnoreDisconnect } from './disconnect-rule.ts';
import { createReturnCheck } from './return-check.ts';
import { chainOf, orderWallets } from './wallet-discovery.ts';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('wallet detection retries every 1 s up to 5 times', () => {
  it('found at once: no wait', async () => {
    const waits: number[] = [];
    const found = await detectWithRetry(
      () => ['Phantom'],
      async (ms) => void waits.push(ms),
    );
    expect(found).toEqual(['Phantom']);
    expect(waits).toEqual([]);
  });

  it('an extension that registers late is found on a retry', async () => {
    let looks = 0;
    const waits: number[] = [];
    const found = await detectWithRetry(
      () => (++looks === 3 ? ['Solflare'] : []),
      async (ms) => void waits.push(ms),
    );
    expect(found).toEqual(['Solflare']);
    expect(waits).toEqual([1000, 1000]);
  });

  it('no wallet at all: 5 retries 1 s apart, then nothing', async () => {
    let looks = 0;
    const waits: number[] = [];
    const found = await detectWithRetry(
      () => {
        looks++;
        return [];
      },
      async (ms) => void waits.push(ms),
    );
    expect(found).toEqual([]);
    expect(looks).toBe(6);
    expect(waits).toEqual([1000, 1000, 1000, 1000, 1000]);
  });
});

describe('a disconnect event is ignored while hidden, loading, or still connected', () => {
  it.each([
    [{ pageHidden: true, pageLoading: false, walletStillConnected: false }, true],
    [{ pageHidden: false, pageLoading: true, walletStillConnected: false }, true],
    [{ pageHidden: false, pageLoading: false, walletStillConnected: true }, true],
    [{ pageHidden: false, pageLoading: false, walletStillConnected: false }, false],
  ])('%o → ignored: %s', (facts, ignored) => {
    expect(shouldIgnoreDisconnect(facts)).toBe(ignored);
  });
});

describe('wallet_connect_requested return check', () => {
  function setup(state: { requested: boolean; connected: boolean }) {
    const timers = createManualTimers();
    const failures: string[] = [];
    let cleared = 0;
    const check = createReturnCheck({
      connectRequested: () => state.requested,
      isConnected: () => state.connected,
      clearFlags: () => {
        cleared++;
        state.requested = false;
      },
      onFailure: (m) => failures.push(m),
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
    });
    return { timers, failures, check, cleared: () => cleared };
  }

  it("back on the tab, still not connected 2 s later: flags cleared, toast 'Couldn't connect wallet. Please try again.'", () => {
    const { timers, failures, check, cleared } = setup({ requested: true, connected: false });
    check.onVisible();
    timers.advance(1999);
    expect(failures).toEqual([]);
    timers.advance(1);
    expect(failures).toEqual(["Couldn't connect wallet. Please try again."]);
    expect(cleared()).toBe(1);
  });

  it('connected within the 2 s: nothing happens', () => {
    const state = { requested: true, connected: false };
    const { timers, failures, check } = setup(state);
    check.onVisible();
    state.connected = true;
    timers.advance(2000);
    expect(failures).toEqual([]);
  });

  it('no connection was requested: no check', () => {
    const { timers, failures, check } = setup({ requested: false, connected: false });
    check.onVisible();
    timers.advance(5000);
    expect(failures).toEqual([]);
  });
});

describe('balance fetch: 3 attempts, 429 waits 1500 ms × attempt, else 1000 ms, then 0.001 SOL', () => {
  it('no address: 0 without asking the chain', async () => {
    expect(
      await fetchBalanceWithRetry(
        null,
        () => {
          throw new Error('must not be called');
        },
        async () => {},
      ),
    ).toEqual({ kind: 'read', lamports: 0n });
  });

  it('429 twice then an answer: waits 1500 then 3000', async () => {
    const waits: number[] = [];
    let calls = 0;
    const rateLimited = Object.assign(new Error('429'), { context: { statusCode: 429 } });
    const value = await fetchBalanceWithRetry(
      'addr',
      async () => {
        if (++calls < 3) throw rateLimited;
        return 42n;
      },
      async (ms) => void waits.push(ms),
    );
    expect(value).toEqual({ kind: 'read', lamports: 42n });
    expect(waits).toEqual([1500, 3000]);
  });

  it('other failures wait 1000 ms; after the final failure 0.001 SOL, marked as the fallback it is', async () => {
    const waits: number[] = [];
    let calls = 0;
    const value = await fetchBalanceWithRetry(
      'addr',
      async () => {
        calls++;
        throw new TypeError('Failed to fetch');
      },
      async (ms) => void waits.push(ms),
    );
    expect(calls).toBe(BALANCE_ATTEMPTS);
    expect(waits).toEqual([1000, 1000]);
    expect(value).toEqual({ kind: 'fallback', lamports: FALLBACK_BALANCE_LAMPORTS });
    expect(FALLBACK_BALANCE_LAMPORTS).toBe(1_000_000n);
  });
});

describe('mobile wallet dialog deep links', () => {
  const page = 'https://pong.example/?mode=x';
  const origin = 'https://pong.example';

  it("Phantom's browse link: https://phantom.app/ul/browse/{url}?ref={ref}, both URL-encoded", () => {
    const [phantom] = browseLinks(page, origin);
    expect(phantom?.browse).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fpong.example%2F%3Fmode%3Dx?ref=https%3A%2F%2Fpong.example',
    );
    expect(phantom?.appScheme).toBe(
      'phantom://browse/https%3A%2F%2Fpong.example%2F%3Fmode%3Dx?ref=https%3A%2F%2Fpong.example',
    );
    expect(phantom?.download).toBe('https://phantom.app/download');
  });

  it("Solflare's browse link: https://solflare.com/ul/v1/browse/{url}?ref={ref}", () => {
    const [, solflare] = browseLinks(page, origin);
    expect(solflare?.browse).toBe(
      'https://solflare.com/ul/v1/browse/https%3A%2F%2Fpong.example%2F%3Fmode%3Dx?ref=https%3A%2F%2Fpong.example',
    );
    expect(solflare?.download).toBe('https://solflare.com/download');
  });
});

describe('isMobile and the wallet app browser', () => {
  it.each([
    [{ width: 1280, userAgent: DESKTOP_UA }, false],
    [{ width: 767, userAgent: DESKTOP_UA }, true],
    [{ width: 768, userAgent: DESKTOP_UA }, false],
    [{ width: 1024, userAgent: IPHONE_UA }, true],
  ])('mobile breakpoint 768 px or a mobile UA: %o → %s', (facts, mobile) => {
    expect(isMobileDevice(facts)).toBe(mobile);
  });

  it("inside a wallet app's browser (its injected provider or UA): Direct Connect applies", () => {
    expect(
      walletAppBrowser({ userAgent: IPHONE_UA, injected: { phantom: { solana: { isPhantom: true } } } }),
    ).toBe('Phantom');
    expect(walletAppBrowser({ userAgent: IPHONE_UA, injected: { solflare: { isSolflare: true } } })).toBe(
      'Solflare',
    );
    expect(walletAppBrowser({ userAgent: IPHONE_UA, injected: {} })).toBeNull();
  });
});

describe('wallet discovery through the Wallet Standard', () => {
  const wallet = (name: string, chains: string[], features: string[]): Wallet =>
    ({
      version: '1.0.0',
      name,
      icon: 'data:image/svg+xml;base64,',
      chains,
      accounts: [],
      features: Object.fromEntries(features.map((f) => [f, {}])),
    }) as unknown as Wallet;
  const full = ['standard:connect', 'standard:events', 'standard:disconnect'];

  it('only Solana wallets with connect and events; Phantom and Solflare first, by name', () => {
    const ordered = orderWallets([
      wallet('Backpack', ['solana:mainnet'], full),
      wallet('Solflare', ['solana:mainnet'], full),
      wallet('MetaMask', ['eip155:1'], full),
      wallet('Broken', ['solana:mainnet'], ['standard:connect']),
      wallet('Phantom', ['solana:mainnet', 'solana:devnet'], full),
      wallet('Local Wallet', ['solana:localnet'], full),
    ]);
    expect(ordered.map((w) => w.name)).toEqual(['Phantom', 'Solflare', 'Local Wallet', 'Backpack']);
  });

  it('the cluster names the chain a wallet signs for', () => {
    expect(chainOf('mainnet-beta')).toBe('solana:mainnet');
    expect(chainOf('devnet')).toBe('solana:devnet');
    expect(chainOf('localnet')).toBe('solana:localnet');
  });
});

describe('what connecting does after the terms', () => {
  const desktop = { isMobile: false, inWalletApp: null };
  it.each([
    ['desktop, no wallet: the download page', desktop, [], { kind: 'download' }],
    [
      'desktop, one wallet: that wallet',
      desktop,
      ['Local Wallet'],
      { kind: 'connect', wallet: 'Local Wallet' },
    ],
    [
      'desktop, several: the chooser',
      desktop,
      ['Phantom', 'Solflare'],
      { kind: 'chooser', wallets: ['Phantom', 'Solflare'] },
    ],
    [
      'phone outside a wallet app: the mobile dialog',
      { isMobile: true, inWalletApp: null },
      [],
      { kind: 'mobile', wallets: [] },
    ],
    [
      'phone inside Phantom: Direct Connect',
      { isMobile: true, inWalletApp: 'Phantom' },
      ['Phantom'],
      { kind: 'direct', walletName: 'Phantom' },
    ],
  ])('%s', (_name, device, found, step) => {
    expect(connectStep(device, found)).toEqual(step);
  });

  it('on the local chain a phone outside a wallet app is not offered the wallet apps: it gets the page’s own wallet', () => {
    const phone = { isMobile: true, inWalletApp: null };
    expect(connectStep(phone, ['Local Wallet'], false)).toEqual({ kind: 'connect', wallet: 'Local Wallet' });
    expect(connectStep(phone, ['Local Wallet'], true)).toEqual({ kind: 'mobile', wallets: ['Local Wallet'] });
  });
});
