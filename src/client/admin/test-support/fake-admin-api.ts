import { vi } from 'vitest';
import type { AdminOverview, AdminStats } from '../../../common/api/admin-views.ts';
import type { SystemEventSummary } from '../../../common/api/system-event-summary.ts';
import type { Page } from '../../../common/api/wire-values.ts';
import { jsonResponse } from '../../test-support/render-app.tsx';

/** One request the panel made: method, path, query and JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = Response | ((request: SeenRequest) => Response);

export const STATS: AdminStats = {
  totalVolume: '0.05 SOL',
  totalVolumeLamports: '50000000',
  totalTransactions: 7,
  uniqueWallets: 3,
  totalPayouts: '0.0375 SOL',
  totalPayoutsLamports: '37500000',
};

export const OVERVIEW: AdminOverview = {
  daily: [
    { day: '2026-11-22', volumeSol: 0, volumeLamports: '0', games: 0 },
    { day: '2026-11-23', volumeSol: 0.05, volumeLamports: '50000000', games: 1 },
  ],
  live: { matches: 2, playersOnline: 5, queues: [{ mode: 'smol_shrimp', waiting: 1 }] },
  unresolvedCriticalEvents: 3,
  houseWallet: {
    address: 'HousE1111111111111111111111111111111111111',
    balanceSol: 12.5,
    balanceLamports: '12500000000',
    floorSol: 1,
  },
  lastReconciliation: { at: '2026-11-23T10:00:00.000Z', ok: true, summary: 'Ledger matches the chain' },
  money: {
    volumeInLamports: '75000000',
    refundedLamports: '24250000',
    paidOutLamports: '37500000',
    owedLamports: '0',
    keptLamports: '13250000',
    liveLamports: '0',
    netLamports: '13250000',
  },
};

export const EVENT_SUMMARY: SystemEventSummary = {
  types: ['admin_login_succeeded', 'house_balance_low', 'server_started'],
  unresolved: { critical: 3, error: 0, warning: 2 },
  unresolvedTotal: 5,
};

export const page = <Row>(items: Row[], nextCursor: string | null = null): Page<Row> => ({
  items,
  nextCursor,
});

/**
 * A fake fetch for the admin panel's component tests: answers by `METHOD /path` (the server's own API has
 * its tests), records every request, and answers an empty page for any list it was not told about.
 */
export function fakeAdminApi(answers: Record<string, Answer> = {}) {
  const requests: SeenRequest[] = [];
  const defaults: Record<string, Answer> = {
    'GET /api/admin/session': jsonResponse(200, { signedIn: true }),
    'GET /api/admin/user': jsonResponse(200, { user: { role: 'admin', currentIP: '203.0.113.7' } }),
    'GET /api/admin/stats': jsonResponse(200, STATS),
    'GET /api/admin/overview': jsonResponse(200, OVERVIEW),
    'GET /api/admin/system-events/summary': jsonResponse(200, EVENT_SUMMARY),
    'GET /api/wallet-config': jsonResponse(200, {
      houseWallet: OVERVIEW.houseWallet.address,
      cluster: 'devnet',
    }),
  };
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const seen: SeenRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push(seen);
    const key = `${method} ${url.pathname}`;
    const answer = answers[key] ?? defaults[key];
    if (answer) return typeof answer === 'function' ? answer(seen) : answer.clone();
    if (method === 'GET') return jsonResponse(200, page([]));
    throw new Error(`unexpected request ${key}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests to one path, in order. */
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
