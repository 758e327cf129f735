import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { safeStorageArea } from '../storage/storage-area.ts';
import { createStoredValues } from '../storage/stored-values.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { createManualTimers } from '../test-support/manual-timers.ts';
import { browseLinks, phantomConnectLink, redirectLink } from './deep-links.ts';
import {
  CONNECTION_ID_KEEP_MS,
  clearConnectRequest,
  isStaleConnectRequest,
  keepConnectionIdBriefly,
  newConnectionId,
  readWalletAppAnswer,
  recordConnectRequest,
  retryMobileReturn,
  STALE_CONNECT_REQUEST_MS,
  withoutWalletAppAnswer,
} from './mobile-connect.ts';

const ID = '0123456789abcdef0123456789abcdef';

function stored() {
  const [local, session] = [memoryStorage(), memoryStorage()];
  return {
    local,
    stored: createStoredValues(
      safeStorageArea(() => local),
      safeStorageArea(() => session),
    ),
  };
}

describe('a stale mobile connect request is cleaned after 5 minutes', () => {
  it('the request records wallet_connect_requested, wallet_type, its start time and the connection id', () => {
    const clock = createFakeClock();
    const { stored: s, local } = stored();
    recordConnectRequest(s, { walletName: 'Phantom', connectionId: ID }, clock.now());
    expect(local.getItem('wallet_connect_requested')).toBe('true');
    expect(local.getItem('wallet_type')).toBe('Phantom');
    expect(s.walletConnectTime.get()).toBe(clock.now());
    expect(s.walletConnectionId.get()).toBe(ID);
  });

  it('fresh up to 5 minutes, stale after; a request with no start time is stale', () => {
    const clock = createFakeClock();
    const { stored: s } = stored();
    recordConnectRequest(s, { walletName: 'Phantom', connectionId: ID }, clock.now());
    clock.advance(STALE_CONNECT_REQUEST_MS);
    expect(isStaleConnectRequest(s, clock.now())).toBe(false);
    clock.advance(1);
    expect(isStaleConnectRequest(s, clock.now())).toBe(true);
    s.walletConnectTime.clear();
    expect(isStaleConnectRequest(s, createFakeClock().now())).toBe(true);
  });

  it('no request open: nothing is stale', () => {
    const { stored: s } = stored();
    expect(isStaleConnectRequest(s, createFakeClock().now())).toBe(false);
  });

  it('cleaning forgets the request, its time and id; the wallet type only when nothing is connected', () => {
    const { stored: s } = stored();
    recordConnectRequest(s, { walletName: 'Solflare', connectionId: ID }, createFakeClock().now());
    clearConnectRequest(s, { keepWalletType: true });
    expect([s.walletConnectRequested.get(), s.walletConnectTime.get(), s.walletConnectionId.get()]).toEqual([
      false,
      null,
      null,
    ]);
    expect(s.walletType.get()).toBe('Solflare');
    clearConnectRequest(s, { keepWalletType: false });
    expect(s.walletType.get()).toBeNull();
  });
});

describe('the mobile return retries connect up to 3 times, 500 ms × the attempt apart', () => {
  it('never connects: 3 attempts, waiting 500 then 1000 ms', async () => {
    const waits: number[] = [];
    const attempts: number[] = [];
    const ok = await retryMobileReturn(
      async (n) => {
        attempts.push(n);
        return false;
      },
      async (ms) => void waits.push(ms),
    );
    expect(ok).toBe(false);
    expect(attempts).toEqual([1, 2, 3]);
    expect(waits).toEqual([500, 1000]);
  });

  it('connects on the second attempt: no third', async () => {
    const waits: number[] = [];
    const attempts: number[] = [];
    const ok = await retryMobileReturn(
      async (n) => {
        attempts.push(n);
        return n === 2;
      },
      async (ms) => void waits.push(ms),
    );
    expect(ok).toBe(true);
    expect(attempts).toEqual([1, 2]);
    expect(waits).toEqual([500]);
  });

  it('the request is gone meanwhile (connected elsewhere, or cleared): the retries stop', async () => {
    let cancelled = false;
    const attempts: number[] = [];
    const ok = await retryMobileReturn(
      async (n) => {
        attempts.push(n);
        cancelled = true;
        return false;
      },
      async () => undefined,
      () => cancelled,
    );
    expect(ok).toBe(false);
    expect(attempts).toEqual([1]);
  });
});

describe('the connection id is kept 5 s', () => {
  it('removed 5 s after the return, not before', () => {
    const timers = createManualTimers();
    const { stored: s } = stored();
    s.walletConnectionId.set(ID);
    keepConnectionIdBriefly(s, timers);
    timers.advance(CONNECTION_ID_KEEP_MS - 1);
    expect(s.walletConnectionId.get()).toBe(ID);
    timers.advance(1);
    expect(s.walletConnectionId.get()).toBeNull();
  });

  it('a newer request within the 5 s keeps its own id', () => {
    const timers = createManualTimers();
    const { stored: s } = stored();
    s.walletConnectionId.set(ID);
    keepConnectionIdBriefly(s, timers);
    const newer = newConnectionId(() => 'FEDCBA98-7654-3210-FEDC-BA9876543210');
    s.walletConnectionId.set(newer);
    timers.advance(CONNECTION_ID_KEEP_MS);
    expect(s.walletConnectionId.get()).toBe('fedcba9876543210fedcba9876543210');
  });

  it('a connection id is 32 hex digits', () => {
    expect(newConnectionId()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("Phantom's connect deep link and its answer", () => {
  const page = 'https://pong.example/?mode=x';

  it('https://phantom.app/ul/v1/connect with app_url, dapp_encryption_public_key, redirect_link, cluster', () => {
    const link = new URL(
      phantomConnectLink({
        appUrl: 'https://pong.example',
        encryptionPublicKey: 'DappKey111',
        redirectLink: redirectLink(page, ID),
        cluster: 'devnet',
      }),
    );
    expect(`${link.origin}${link.pathname}`).toBe('https://phantom.app/ul/v1/connect');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      app_url: 'https://pong.example',
      dapp_encryption_public_key: 'DappKey111',
      redirect_link: `https://pong.example/?mode=x&wallet_connection=${ID}`,
      cluster: 'devnet',
    });
  });

  it('a local chain is no Phantom cluster: the link names none', () => {
    const link = phantomConnectLink({
      appUrl: 'https://pong.example',
      encryptionPublicKey: 'DappKey111',
      redirectLink: page,
      cluster: 'localnet',
    });
    expect(new URL(link).searchParams.has('cluster')).toBe(false);
  });

  it.each([
    ['https://pong.example/', { kind: 'none' }],
    [`https://pong.example/?wallet_connection=${'f'.repeat(32)}`, { kind: 'unknown' }],
    [
      `https://pong.example/?wallet_connection=${ID}&phantom_encryption_public_key=K&nonce=N&data=D`,
      { kind: 'approved' },
    ],
    [
      `https://pong.example/?wallet_connection=${ID}&errorCode=4001&errorMessage=User%20rejected%20the%20request`,
      { kind: 'rejected', message: 'Connection cancelled by user' },
    ],
    // RELIABILITY 36: the address's own text is never what the player is told.
    [
      `https://pong.example/?wallet_connection=${ID}&errorCode=-32000&errorMessage=Send%200.5%20SOL%20to%209xQe`,
      { kind: 'rejected', message: "Couldn't connect wallet. Please try again." },
    ],
    [
      `https://pong.example/?wallet_connection=x&errorCode=-32000&errorMessage=Send%200.5%20SOL%20to%209xQe`,
      { kind: 'unknown' },
    ],
  ])('the answer in %s is %o', (url, answer) => {
    expect(readWalletAppAnswer(new URL(url), ID)).toEqual(answer);
  });

  it("the answer's parameters are taken off the address, the page's own kept", () => {
    const url = new URL(
      `https://pong.example/?mode=x&wallet_connection=${ID}&errorCode=4001&errorMessage=No`,
    );
    expect(withoutWalletAppAnswer(url)).toBe('https://pong.example/?mode=x');
  });

  it("the universal-link alternative: each app's browse link and its own scheme", () => {
    const [phantom, solflare] = browseLinks(page, 'https://pong.example');
    expect(phantom?.browse.startsWith('https://phantom.app/ul/browse/')).toBe(true);
    expect(phantom?.appScheme.startsWith('phantom://browse/')).toBe(true);
    expect(solflare?.browse.startsWith('https://solflare.com/ul/v1/browse/')).toBe(true);
    expect(solflare?.appScheme.startsWith('solflare://ul/v1/browse/')).toBe(true);
  });
});
