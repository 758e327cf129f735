// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../../../../test/support/until.ts';
import { CONNECTION_CANCELLED, INVALID_CONNECTION_RESPONSE } from '../connect-errors.ts';
import { STALE_CONNECT_REQUEST_MS } from '../mobile-connect.ts';
import { RETURN_FAILED_TOAST } from '../return-check.ts';
import { PHANTOM_STORAGE_KEYS } from './phantom-store.ts';
import { phantomPage } from './test-support/phantom-page.ts';
import { b58, simulatedPhantom, unb58 } from './test-support/simulated-phantom.ts';

/**
 * Phantom's connect deep link, answered by a simulated Phantom (its own nacl.box keypair): the page that
 * loads from the redirect decrypts `{ public_key, session }` and connects, or shows SPEC §4/§8's error and
 * connects nothing.
 */

afterEach(() => history.replaceState(null, '', '/'));

describe("Phantom's connect answer", () => {
  it('is decrypted: address, session and keys stored, the URL cleaned, the wallet connected', async () => {
    const page = phantomPage();
    history.replaceState(null, '', '/?mode=smol');
    const link = await page.openConnectLink();
    const phantom = simulatedPhantom();
    const { dappPublicKey } = phantom.connectRequest(link);
    // The secret key of the link's key is kept until the answer.
    expect(page.phantom.connectKey.get()?.publicKey).toBe(dappPublicKey);

    page.land(phantom.approveConnect(link));
    await vi.waitFor(() => expect(page.store.getState().status).toBe('connected'));

    expect(page.store.getState().publicKey).toBe(phantom.address);
    expect(page.connections.map((c) => [c.wallet.name, c.account.address])).toEqual([
      ['Phantom', phantom.address],
    ]);
    expect(location.search).toBe('?mode=smol');
    const session = page.phantom.session.get();
    expect(session).toMatchObject({
      address: phantom.address,
      session: phantom.session,
      phantomPublicKey: phantom.publicKey,
      dappPublicKey,
    });
    // The dapp secret key is gone once the shared secret is made.
    expect(page.phantom.connectKey.get()).toBeNull();
    expect(page.storage.getItem(PHANTOM_STORAGE_KEYS.connectKey)).toBeNull();
    expect(page.stored.walletConnectRequested.get()).toBe(false);
    expect(page.toasts).toEqual([]);
    // The deep-link wallet is announced, so a reload's restore finds it.
    expect(page.registered.map((w) => w.name)).toEqual(['Phantom']);
  });

  it('after a reload, the stored session makes the wallet discoverable and restorable with no new link', async () => {
    const first = phantomPage();
    const link = await first.openConnectLink();
    first.land(simulatedPhantom().approveConnect(link));
    await vi.waitFor(() => expect(first.store.getState().status).toBe('connected'));

    // A new page over the same storage: the session is read back and the wallet registered on load.
    const again = phantomPage();
    for (let i = 0; i < first.storage.length; i++) {
      const key = first.storage.key(i) as string;
      again.storage.setItem(key, first.storage.getItem(key) as string);
    }
    again.land('/');
    await vi.waitFor(() => expect(again.store.getState().status).toBe('connected'));
    expect(again.store.getState().publicKey).toBe(first.store.getState().publicKey);
  });

  it("errorCode=4001 shows 'Connection cancelled by user' and connects nothing", async () => {
    const page = phantomPage();
    const link = await page.openConnectLink();
    const phantom = simulatedPhantom();
    page.land(phantom.reject(phantom.connectRequest(link).redirectLink));
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    expect(page.toasts[0]).toEqual({
      title: 'Wallet Connection Failed',
      description: CONNECTION_CANCELLED,
      variant: 'destructive',
    });
    expect(page.store.getState()).toMatchObject({ status: 'disconnected', lastError: CONNECTION_CANCELLED });
    expect(page.connections).toEqual([]);
    expect(page.stored.walletConnectRequested.get()).toBe(false);
    expect(location.search).toBe('');
  });

  const broken: [string, (page: ReturnType<typeof phantomPage>, link: string) => string][] = [
    [
      'a tampered data',
      (_page, link) => {
        const url = new URL(simulatedPhantom().approveConnect(link));
        const data = unb58(url.searchParams.get('data') ?? '');
        data[5] = (data[5] ?? 0) ^ 1;
        url.searchParams.set('data', b58(data));
        return url.toString();
      },
    ],
    [
      'a wrong nonce',
      (_page, link) => {
        const url = new URL(simulatedPhantom().approveConnect(link));
        url.searchParams.set('nonce', b58(new Uint8Array(24).fill(7)));
        return url.toString();
      },
    ],
    [
      'a missing connect key',
      (page, link) => {
        page.phantom.connectKey.clear();
        return simulatedPhantom().approveConnect(link);
      },
    ],
    [
      'a stale request',
      (page, link) => {
        page.clock.advance(STALE_CONNECT_REQUEST_MS + 1);
        return simulatedPhantom().approveConnect(link);
      },
    ],
    [
      'a non-base58 key',
      (_page, link) => {
        const url = new URL(simulatedPhantom().approveConnect(link));
        url.searchParams.set('phantom_encryption_public_key', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OI');
        return url.toString();
      },
    ],
    ['malformed JSON', (_page, link) => simulatedPhantom().approveConnect(link, '{"public_key": "abc", ')],
    [
      'JSON without a valid public_key',
      (_page, link) =>
        simulatedPhantom().approveConnect(link, { public_key: 'not-an-address', session: 's' }),
    ],
    [
      'JSON without a session',
      (_page, link) => {
        const phantom = simulatedPhantom();
        return phantom.approveConnect(link, { public_key: phantom.address });
      },
    ],
  ];

  for (const [name, answer] of broken) {
    it(`${name} gives '${INVALID_CONNECTION_RESPONSE}' and connects nothing`, async () => {
      const page = phantomPage();
      const link = await page.openConnectLink();
      page.land(answer(page, link));
      await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
      await sleep(20);
      expect(page.toasts).toEqual([
        {
          title: 'Wallet Connection Failed',
          description: INVALID_CONNECTION_RESPONSE,
          variant: 'destructive',
        },
      ]);
      expect(page.store.getState()).toMatchObject({
        status: 'disconnected',
        publicKey: null,
        lastError: INVALID_CONNECTION_RESPONSE,
      });
      expect(page.connections).toEqual([]);
      expect(page.registered).toEqual([]);
      expect(page.phantom.session.get()).toBeNull();
      expect(page.phantom.connectKey.get()).toBeNull();
      expect(page.stored.walletConnectRequested.get()).toBe(false);
      expect(location.search).toBe('');
    });
  }
});

describe('text from the page address is never shown to the player', () => {
  const PHISHING = 'Your wallet is locked: send 0.5 SOL to 9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
  const phishingQuery = (connectionId: string) =>
    `/?wallet_connection=${connectionId}&errorCode=-32000&errorMessage=${encodeURIComponent(PHISHING)}`;

  it('a link naming a connection id this page does not hold is ignored whole: no toast, nothing changed', async () => {
    const page = phantomPage();
    page.land(phishingQuery('x'));
    await sleep(20);
    expect(page.toasts).toEqual([]);
    expect(page.store.getState()).toMatchObject({ status: 'disconnected', lastError: null });
    expect(location.search).toBe('');
  });

  it('a link naming a connection id of a request under way leaves that request and its key alone', async () => {
    const page = phantomPage();
    await page.openConnectLink();
    const key = page.phantom.connectKey.get();
    const id = page.stored.walletConnectionId.get();
    page.land(phishingQuery('0123456789abcdef0123456789abcdef'));
    await sleep(20);
    expect(page.toasts).toEqual([]);
    expect(page.phantom.connectKey.get()).toEqual(key);
    expect(page.stored.walletConnectionId.get()).toBe(id);
    expect(page.stored.walletConnectRequested.get()).toBe(true);
  });

  it("a refusal for the stored connection id says SPEC's 'Couldn't connect wallet', never the address's text", async () => {
    const page = phantomPage();
    await page.openConnectLink();
    page.land(phishingQuery(page.stored.walletConnectionId.get() ?? ''));
    await vi.waitFor(() => expect(page.toasts).toHaveLength(1));
    expect(page.toasts[0]).toEqual({
      title: 'Wallet Connection Failed',
      description: RETURN_FAILED_TOAST,
      variant: 'destructive',
    });
    expect(JSON.stringify(page.toasts)).not.toContain('0.5 SOL');
    expect(page.store.getState().lastError).toBe(RETURN_FAILED_TOAST);
    expect(page.stored.walletConnectRequested.get()).toBe(false);
    expect(location.search).toBe('');
  });
});
