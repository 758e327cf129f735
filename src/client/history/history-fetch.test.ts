import { afterEach, describe, expect, it, vi } from 'vitest';
import { explorerLinks } from './explorer-links.ts';
import { solAmountText } from './history-amounts.ts';
import { fetchHistory, HISTORY_MAX_PAGES, historyUrl } from './history-fetch.ts';
import { dateText, timeText } from './history-labels.ts';

const W = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('GET /api/transactions/history/{walletAddress}', () => {
  it('follows nextCursor with `before`, up to the page bound, and drops a row seen twice', async () => {
    const urls: string[] = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      urls.push(String(url));
      const n = urls.length;
      return json(200, {
        success: true,
        transactions: [
          { id: `t${n}`, type: 'entry_fee', amount: 0.1 },
          { id: 't1', type: 'entry_fee', amount: 0.1 },
        ],
        nextCursor: `2026-01-0${n}T00:00:00.000Z`,
        message: 'x',
      });
    });
    const rows = await fetchHistory(W, { baseUrl: 'http://h', fetchImpl });
    expect(urls).toHaveLength(HISTORY_MAX_PAGES);
    expect(urls[0]).toBe(`http://h/api/transactions/history/${W}?limit=200`);
    expect(urls[1]).toBe(historyUrl('http://h', W, '2026-01-01T00:00:00.000Z'));
    expect(urls[1]).toContain('before=2026-01-01T00%3A00%3A00.000Z');
    expect(rows.map((r) => r.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });

  it('stops at the last page (nextCursor null)', async () => {
    const fetchImpl = vi.fn(async () => json(200, { success: true, transactions: [], nextCursor: null }));
    await expect(fetchHistory(W, { fetchImpl })).resolves.toEqual([]);
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  it.each([
    [
      "success false → 'Failed to fetch transactions'",
      async () => json(200, { success: false, message: 'no' }),
      'Failed to fetch transactions',
    ],
    [
      'a 429 → the exception text',
      async () => json(429, { error: 'Too many requests' }),
      'An error occurred while fetching transactions',
    ],
    [
      'a network failure',
      async () => Promise.reject(new TypeError('Failed to fetch')),
      'An error occurred while fetching transactions',
    ],
    [
      'an answer of the wrong shape',
      async () => json(200, { transactions: 'many' }),
      'An error occurred while fetching transactions',
    ],
  ])('%s', async (_, answer, message) => {
    await expect(fetchHistory(W, { fetchImpl: vi.fn(answer) })).rejects.toThrow(message);
  });

  it.each([
    [401, 'Sign in with this wallet to see its history'],
    [403, "A wallet's history is shown only to that signed-in wallet"],
  ])(
    "a %i refusal (no session, or another wallet's history) is 'Failed to fetch transactions' with the server's reason",
    async (status, why) => {
      const fetchImpl = vi.fn(async () => json(status, { success: false, error: why, message: why }));
      const failure = await fetchHistory(W, { fetchImpl }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe('Failed to fetch transactions');
      expect((failure as Error).cause).toBe(`${status}: ${why}`);
    },
  );

  it('every page request carries the session cookie (credentials: include)', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      json(200, { success: true, transactions: [], nextCursor: null }),
    );
    await fetchHistory(W, { fetchImpl });
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('a row the panel cannot read is left out (logged), the others are kept', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchImpl = vi.fn(async () =>
      json(200, {
        success: true,
        transactions: [{ id: 'ok', type: 'refund', amount: 0.1 }, { nope: true }],
        nextCursor: null,
      }),
    );
    expect((await fetchHistory(W, { fetchImpl })).map((r) => r.id)).toEqual(['ok']);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('Transaction Details explorer links and the history’s display formats', () => {
  const SIG = '5'.repeat(88);
  it.each([
    [
      'devnet',
      `https://explorer.solana.com/tx/${SIG}?cluster=devnet`,
      `https://solscan.io/tx/${SIG}?cluster=devnet`,
    ],
    [
      'testnet',
      `https://explorer.solana.com/tx/${SIG}?cluster=testnet`,
      `https://solscan.io/tx/${SIG}?cluster=testnet`,
    ],
    ['mainnet-beta', `https://explorer.solana.com/tx/${SIG}`, `https://solscan.io/tx/${SIG}`],
  ] as const)('%s: Solana Explorer and Solscan', (cluster, explorer, solscan) => {
    expect(explorerLinks(SIG, cluster)).toEqual([
      { name: 'Solana Explorer', url: explorer },
      { name: 'Solscan', url: solscan },
    ]);
  });

  it.each([
    ['localnet', SIG, 'localnet'],
    ['an unknown cluster', SIG, null],
    ['no signature', null, 'devnet'],
  ] as const)('no explorer link for %s', (_, sig, cluster) => {
    expect(explorerLinks(sig, cluster)).toEqual([]);
  });

  it.each([
    [12_500_000n, true, '+0.0125 SOL'],
    [-750_000n, true, '-0.00075 SOL'],
    [24_250_000n, false, '0.02425 SOL'],
    [-100_000_000n, true, '-0.1000 SOL'],
    [25_000_000n, false, '0.0250 SOL'],
    [1_500_000_001n, false, '1.500000001 SOL'],
    [0n, true, '0.0000 SOL'],
  ] as const)(
    'amounts in history: 4 decimals, more when the lamports need them: %s → %s',
    (lamports, signed, text) => {
      expect(solAmountText(lamports, signed)).toBe(text);
    },
  );

  it("a missing date is 'Unknown date', a missing time 'Unknown time'", () => {
    expect(dateText(null)).toBe('Unknown date');
    expect(dateText('not a date')).toBe('Unknown date');
    expect(timeText(null)).toBe('Unknown time');
    expect(timeText(Date.UTC(2026, 0, 10, 15, 4, 5))).toMatch(/^\d{2}:04:05 (AM|PM)$/);
  });
});
