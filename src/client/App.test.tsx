// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PRODUCT_NAME, PRODUCT_TAGLINE } from './site.ts';
import { renderApp } from './test-support/render-app.tsx';

afterEach(cleanup);

describe('routes and persistent elements', () => {
  it('routes: an unknown path shows the not-found screen, with a way back to the game', () => {
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).toBe('/');
  });

  it('persistent elements: header with title and tagline, footer with the current year', () => {
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/BETA/);
    expect(screen.getByText(PRODUCT_TAGLINE)).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(String(new Date().getFullYear()));
    expect(screen.getByRole('button', { name: 'Terms of Service' })).toBeTruthy();
  });

  it('the back office has its own frame: no player header, wallet or terms footer; its own footer', () => {
    renderApp('/admin/login');
    expect(screen.getByTestId('back-office-frame')).toBeTruthy();
    expect(screen.queryByText(PRODUCT_TAGLINE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Terms of Service' })).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).toContain(ADMIN_PRODUCT_NAME);
  });

  it('lobby: with no wallet only "Connect your Solana wallet", all modes including Practice need one', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { name: 'CHOOSE YOUR GAME MODE' })).toBeTruthy();
    expect(screen.getByText('Connect your Solana wallet')).toBeTruthy();
    expect(screen.getByText(/all game modes, including practice, require a connected wallet/i)).toBeTruthy();
    expect(screen.queryByText('Smol Shrimp')).toBeNull();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });
});
