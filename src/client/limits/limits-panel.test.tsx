// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerLimitsAnswer } from '../../common/api/player-limits-api.ts';
import { createQueryClient } from '../query-client.ts';
import { jsonResponse } from '../test-support/render-app.tsx';
import LimitsPanel from './limits-panel.tsx';
import { LIMITS_TEXTS } from './limits-texts.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const none = { lamports: null, pending: null, lossLamports: '0' };
let limits: PlayerLimitsAnswer;
let puts: { url: string; body: unknown }[];
let refusal: { status: number; error: string } | null;

beforeEach(() => {
  limits = { walletAddress: WALLET, exclusion: null, daily: none, weekly: none };
  puts = [];
  refusal = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string);
      puts.push({ url, body });
      if (refusal) return jsonResponse(refusal.status, { error: refusal.error });
      if (url.endsWith('/exclusion')) {
        limits = {
          ...limits,
          exclusion: { startedAt: '2025-06-02T12:00:00.000Z', endsAt: '2025-06-09T12:00:00.000Z' },
        };
      } else {
        limits = { ...limits, [body.kind]: { lamports: body.lamports, pending: null, lossLamports: '0' } };
      }
    }
    return jsonResponse(200, limits);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LimitsPanel />
    </QueryClientProvider>,
  );
  expect(screen.queryByTestId('limits-body')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: /Limits/ }));
  return screen.findByTestId('limits-body');
}

describe('the Limits panel', () => {
  it('is folded until opened, then shows no exclusion and no limits', async () => {
    await openPanel();
    expect(screen.getByTestId('daily-limit').textContent).toBe(LIMITS_TEXTS.noLimit);
    expect(screen.getByTestId('weekly-limit').textContent).toBe(LIMITS_TEXTS.noLimit);
  });

  it('a self-exclusion is asked for in two steps, then shown with its end', async () => {
    await openPanel();
    const form = screen.getByTestId('exclusion-form');
    fireEvent.change(within(form).getByLabelText('Exclusion period'), { target: { value: '7d' } });
    fireEvent.click(within(form).getByRole('button', { name: LIMITS_TEXTS.exclude }));
    expect(within(form).getByText(LIMITS_TEXTS.confirmWarning)).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: /Confirm exclusion/ }));
    await waitFor(() =>
      expect(within(form).getByRole('status').textContent).toBe(
        'You are excluded from paid games until 2025-06-09 12:00 UTC.',
      ),
    );
    expect(puts).toEqual([{ url: '/api/player/limits/exclusion', body: { period: '7d' } }]);
  });

  it('a refusal from the server (a shorter exclusion) is shown as it is', async () => {
    await openPanel();
    refusal = { status: 409, error: 'A self-exclusion cannot be shortened' };
    const form = screen.getByTestId('exclusion-form');
    fireEvent.click(within(form).getByRole('button', { name: LIMITS_TEXTS.exclude }));
    fireEvent.click(within(form).getByRole('button', { name: /Confirm exclusion/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal.error);
  });

  it('a loss limit typed in SOL is sent as exact lamports; a bad amount is not sent', async () => {
    await openPanel();
    const daily = screen.getByTestId('daily-limit-form');
    const input = within(daily).getByLabelText(/Daily loss limit/);
    fireEvent.change(input, { target: { value: '0.1.2' } });
    fireEvent.click(within(daily).getByRole('button', { name: LIMITS_TEXTS.set }));
    expect(within(daily).getByRole('alert').textContent).toBe(LIMITS_TEXTS.badAmount);
    fireEvent.change(input, { target: { value: '0.123456789' } });
    fireEvent.click(within(daily).getByRole('button', { name: LIMITS_TEXTS.set }));
    await waitFor(() => expect(screen.getByTestId('daily-limit').textContent).toBe('0.123456789 SOL'));
    expect(puts).toEqual([
      { url: '/api/player/limits/loss', body: { kind: 'daily', lamports: '123456789' } },
    ]);
  });

  it('shows a pending raise with when it takes effect, and the window’s net loss', async () => {
    limits = {
      ...limits,
      weekly: {
        lamports: '100000000',
        pending: { lamports: '500000000', effectiveAt: '2025-06-03T12:00:00.000Z' },
        lossLamports: '75000000',
      },
    };
    await openPanel();
    const weekly = screen.getByTestId('weekly-limit-form');
    expect(screen.getByTestId('weekly-pending').textContent).toBe(
      'Will be raised to 0.5 SOL at 2025-06-03 12:00 UTC.',
    );
    expect(weekly.textContent).toContain('Net loss: 0.075 SOL');
    fireEvent.click(within(weekly).getByRole('button', { name: LIMITS_TEXTS.remove }));
    await waitFor(() =>
      expect(puts).toEqual([{ url: '/api/player/limits/loss', body: { kind: 'weekly', lamports: null } }]),
    );
  });
});
