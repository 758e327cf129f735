// @vitest-environment jsdom
import { createSolanaRpc } from '@solana/kit';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchWalletTransaction } from '../state/wallet-transaction-event.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { ToastProvider } from '../ui/toast-provider.tsx';
import { LocalWallet } from './local-wallet/local-wallet.ts';
import { useWallet } from './wallet-api.ts';
import { WalletButton } from './wallet-button.tsx';
import { WalletProvider } from './wallet-provider.tsx';

/**
 * The provider's connect flow in a page: terms first, then the wallet (a real Local Wallet registered
 * through the Wallet Standard), then SIWS. The server's HTTP answers are fetch stubs; the sign-in body is a
 * real signature. The chain and the server are proven for real in local-wallet-real-server.test.ts.
 */

const HOUSE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const BALANCE = 2_500_000_000n;

interface Posted {
  path: string;
  body: unknown;
}

function stubServer(posted: Posted[]) {
  let signedInAs: string | null = null;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (init?.method === 'POST' && url.includes('/api/'))
        posted.push({ path: new URL(url, 'http://pong.test').pathname, body });
      if (url.endsWith('/api/wallet-config')) return json(200, { houseWallet: HOUSE, cluster: 'devnet' });
      if (url.endsWith('/api/quicknode-url')) return json(200, { url: 'http://pong.test/rpc' });
      if (url.endsWith('/api/auth/me'))
        return signedInAs ? json(200, { walletAddress: signedInAs }) : json(401, {});
      if (url.endsWith('/api/auth/challenge')) {
        return json(200, {
          input: {
            domain: 'pong.test',
            address: body.walletAddress,
            statement: 'Sign in to Retro Pong.',
            uri: 'http://pong.test',
            version: '1',
            chainId: 'solana:devnet',
            nonce: 'abcdef0123456789',
            issuedAt: '2026-01-01T00:00:00.000Z',
          },
        });
      }
      if (url.endsWith('/api/auth/verify')) {
        signedInAs = body.walletAddress;
        return json(200, { walletAddress: body.walletAddress });
      }
      if (url.endsWith('/api/auth/logout')) {
        signedInAs = null;
        return json(200, { success: true });
      }
      if (url.endsWith('/rpc')) {
        const request = JSON.parse(String(init?.body));
        if (request.method === 'getBalance' && rpc.balanceDown) return json(503, { error: 'unavailable' });
        const value =
          request.method === 'getBalance'
            ? Number(BALANCE)
            : { blockhash: '1'.repeat(32), lastValidBlockHeight: 9 };
        return json(200, { jsonrpc: '2.0', id: request.id, result: { context: { slot: 1 }, value } });
      }
      return json(404, { error: 'not stubbed' });
    }),
  );
}

/** A Local Wallet in this page, announced through the Wallet Standard like any extension (under `name`). */
function registerTestWallet(name = 'Local Wallet'): Wallet {
  const local = new LocalWallet({
    rpc: createSolanaRpc('http://pong.test/rpc'),
    storage: memoryStorage(),
    defaultDomain: 'pong.test',
  });
  const wallet: Wallet =
    name === local.name
      ? local
      : {
          version: local.version,
          name,
          icon: local.icon,
          chains: local.chains,
          features: local.features,
          get accounts() {
            return local.accounts;
          },
        };
  cleanups.push(getWallets().register(wallet));
  return wallet;
}

function Probe() {
  const wallet = useWallet();
  return <output data-testid="probe">{`${wallet.status}|${wallet.signedIn}|${wallet.walletName}`}</output>;
}

function renderPage() {
  return render(
    <ToastProvider>
      <WalletProvider>
        <WalletButton />
        <Probe />
      </WalletProvider>
    </ToastProvider>,
  );
}

const probe = () => screen.getByTestId('probe').textContent;

async function acceptTerms() {
  fireEvent.click(screen.getByTestId('connect-wallet-button'));
  // jsdom lays nothing out, so the end of the terms is in view once the listener attaches (100 ms).
  await screen.findByText(/reached the end/i);
  fireEvent.click(screen.getByTestId('terms-accept-checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Accept and Connect Wallet' }));
}

const cleanups: (() => void)[] = [];
let posted: Posted[] = [];
/** The chain's getBalance fails (a network blip) while this is set. */
const rpc = { balanceDown: false };

// The provider imports the wallet controller (Kit, the Local Wallet...) on the first connect: loaded once
// here, so that no test's wait includes a cold import. The waits below are for work to finish (imports,
// ed25519 signing, the sign-in round trips), never for a timer to run out: on a machine busy with other
// work they may take longer than Testing Library's default second, so they get ten.
beforeAll(async () => {
  configure({ asyncUtilTimeout: 10_000 });
  await import('./wallet-controller.ts');
});
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));

beforeEach(() => {
  posted = [];
  rpc.balanceDown = false;
  localStorage.clear();
  sessionStorage.clear();
  stubServer(posted);
});
afterEach(() => {
  cleanup();
  for (const c of cleanups.splice(0)) c();
  vi.unstubAllGlobals();
});

describe('connect through the terms, the wallet, then sign-in', () => {
  it("Connect opens the terms modal first; 'Decline' cancels connecting", async () => {
    registerTestWallet();
    renderPage();
    fireEvent.click(screen.getByTestId('connect-wallet-button'));
    expect(await screen.findByTestId('terms-acceptance-dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.queryByTestId('terms-acceptance-dialog')).toBeNull();
    expect(probe()).toBe('disconnected|false|null');
    expect(posted).toEqual([]);
  });

  it('one wallet: accept → connected → SIWS verify posted → signedIn, balance from the chain, stored values', async () => {
    const wallet = registerTestWallet();
    renderPage();
    await acceptTerms();
    await waitFor(() => expect(probe()).toBe('connected|true|Local Wallet'));
    const address = wallet.accounts[0]!.address;
    expect(posted.map((p) => p.path)).toEqual(['/api/auth/challenge', '/api/auth/verify']);
    expect(posted[1]?.body).toMatchObject({ walletAddress: address });
    expect(sessionStorage.getItem('wallet_auth_addr')).toBe(address);
    expect(localStorage.getItem('wallet_type')).toBe('Local Wallet');
    expect(localStorage.getItem('wallet_connect_requested')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('2.500 SOL'));

    fireEvent.click(screen.getByTestId('disconnect-wallet-button'));
    await waitFor(() => expect(probe()).toBe('disconnected|false|null'));
    expect(localStorage.getItem('wallet_type')).toBeNull();
    expect(posted.at(-1)?.path).toBe('/api/auth/logout');
  });

  it('terms accepted once per page load: connecting again after a disconnect does not ask for them again', async () => {
    registerTestWallet();
    renderPage();
    await acceptTerms();
    await waitFor(() => expect(probe()).toBe('connected|true|Local Wallet'));
    fireEvent.click(screen.getByTestId('disconnect-wallet-button'));
    await waitFor(() => expect(probe()).toBe('disconnected|false|null'));

    fireEvent.click(screen.getByTestId('connect-wallet-button'));
    expect(screen.queryByTestId('terms-acceptance-dialog')).toBeNull();
    await waitFor(() => expect(probe()).toBe('connected|true|Local Wallet'));
  });

  it('a new page load asks for the terms again', async () => {
    registerTestWallet();
    renderPage();
    await acceptTerms();
    await waitFor(() => expect(probe()).toBe('connected|true|Local Wallet'));
    fireEvent.click(screen.getByTestId('disconnect-wallet-button'));
    await waitFor(() => expect(probe()).toBe('disconnected|false|null'));
    cleanup();

    renderPage();
    fireEvent.click(screen.getByTestId('connect-wallet-button'));
    expect(await screen.findByTestId('terms-acceptance-dialog')).toBeTruthy();
  });

  it('several wallets: the chooser lists them by name and icon; picking one connects it', async () => {
    registerTestWallet();
    registerTestWallet('Phantom');
    renderPage();
    await acceptTerms();
    const option = await screen.findByTestId('wallet-option-Local Wallet');
    expect(screen.getByTestId('wallet-option-Phantom').textContent).toBe('Phantom');
    expect(option.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    fireEvent.click(option);
    await waitFor(() => expect(probe()).toBe('connected|true|Local Wallet'));
  });

  it('a disconnect event while the page is hidden is ignored; once visible, a real one disconnects', async () => {
    const wallet = registerTestWallet();
    renderPage();
    await acceptTerms();
    await waitFor(() => expect(probe()).toMatch(/^connected\|true/));
    const disconnect = async () => {
      await act(async () => {
        await (wallet.features['standard:disconnect'] as { disconnect(): Promise<void> }).disconnect();
      });
    };
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    await disconnect();
    expect(probe()).toMatch(/^connected/);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    // Reconnect the wallet itself, then a disconnect while visible goes through.
    await act(async () => {
      await (wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect();
    });
    await disconnect();
    await waitFor(() => expect(probe()).toBe('disconnected|false|null'));
  });
});

describe('a failed balance read is never shown as the balance', () => {
  it("after a blip the header keeps the last balance marked stale (not SPEC's 0.001 fallback); the next read clears it", async () => {
    registerTestWallet();
    renderPage();
    await acceptTerms();
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('2.500 SOL'));
    expect(screen.queryByTestId('balance-stale')).toBeNull();

    rpc.balanceDown = true;
    // The 3 attempts' waits (1000 ms apart) on a fake clock; the refresh a money movement asks for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => {
        dispatchWalletTransaction({ kind: 'manual_trigger' });
        await vi.advanceTimersByTimeAsync(2_000);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(screen.getByTestId('balance-stale').textContent).toBe('stale'));
    expect(screen.getByTestId('wallet-balance').textContent).toBe('2.500 SOL');
    expect(screen.getByTestId('wallet-balance').getAttribute('data-stale')).toBe('true');
    expect(document.body.textContent).not.toContain('0.001');
    // The fallback is not kept as the wallet's balance either.
    expect(localStorage.getItem('walletBalance')).toBe(String(BALANCE));

    rpc.balanceDown = false;
    await act(async () => dispatchWalletTransaction({ kind: 'manual_trigger' }));
    await waitFor(() => expect(screen.queryByTestId('balance-stale')).toBeNull());
    expect(screen.getByTestId('wallet-balance').textContent).toBe('2.500 SOL');
  });
});

describe('?debug=wallet', () => {
  it("the wallet debugging panel opens at the bottom left, 'Loading debugger...' while its chunk loads", async () => {
    registerTestWallet();
    history.replaceState(null, '', '/?debug=wallet');
    try {
      renderPage();
      expect(screen.getByText('Loading debugger...')).toBeTruthy();
      const panel = await screen.findByTestId('wallet-debug-panel');
      expect(panel.className).toContain('bottom-2 left-2');
      expect(panel.textContent).toContain('disconnected');
      await acceptTerms();
      await waitFor(() =>
        expect(screen.getByTestId('wallet-debug-panel').textContent).toContain('Local Wallet'),
      );
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('without the parameter there is no panel', () => {
    renderPage();
    expect(screen.queryByText('Loading debugger...')).toBeNull();
    expect(screen.queryByTestId('wallet-debug-panel')).toBeNull();
  });
});
