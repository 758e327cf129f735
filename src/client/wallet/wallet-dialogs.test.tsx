// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletController } from './wallet-controller.ts';
import { WalletDialogs } from './wallet-dialogs.tsx';

afterEach(cleanup);

function controller() {
  return {
    closeDialog: vi.fn(),
    choose: vi.fn(async () => {}),
    directConnect: vi.fn(async () => {}),
    openedWalletApp: vi.fn(),
  };
}

describe('wallet dialogs', () => {
  it("desktop without a wallet: the download page with 'Use a browser extension wallet on desktop'", () => {
    const c = controller();
    render(<WalletDialogs dialog={{ kind: 'download' }} controller={c as unknown as WalletController} />);
    expect(screen.getByText('Use a browser extension wallet on desktop')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download Phantom' }).getAttribute('href')).toBe(
      'https://phantom.app/download',
    );
    expect(screen.getByRole('link', { name: 'Download Solflare' }).getAttribute('href')).toBe(
      'https://solflare.com/download',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(c.closeDialog).toHaveBeenCalled();
  });

  it("mobile outside a wallet app: open in either app, the app-scheme alternative, downloads, 'Open App', a shortened connection id", () => {
    const c = controller();
    render(
      <WalletDialogs
        dialog={{
          kind: 'mobile',
          connectionId: '0123456789abcdef0123456789abcdef',
          pageUrl: 'https://pong.example/',
          origin: 'https://pong.example',
          connectLink: 'https://phantom.app/ul/v1/connect?app_url=https%3A%2F%2Fpong.example',
          wallets: [],
        }}
        controller={c as unknown as WalletController}
      />,
    );
    expect(screen.getByRole('button', { name: 'Open in Phantom' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open in Solflare' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Phantom' }).getAttribute('href')).toBe(
      'phantom://browse/https%3A%2F%2Fpong.example%2F?ref=https%3A%2F%2Fpong.example',
    );
    expect(screen.getByRole('link', { name: 'Download Solflare' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open App' }).getAttribute('href')).toBe(
      'https://phantom.app/ul/v1/connect?app_url=https%3A%2F%2Fpong.example',
    );
    expect(screen.getByTestId('connection-id').textContent).toBe('Connection ID: 01234...bcdef');
    fireEvent.click(screen.getByRole('link', { name: 'Solflare' }));
    expect(c.openedWalletApp).toHaveBeenCalledWith('Solflare');
  });

  it("inside a wallet app's browser: 'Direct Connect' and the error text of a failed try", () => {
    const c = controller();
    render(
      <WalletDialogs
        dialog={{ kind: 'direct', walletName: 'Phantom', error: 'Wallet provider not found' }}
        controller={c as unknown as WalletController}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Direct Connect' }));
    expect(c.directConnect).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Wallet provider not found');
  });
});
