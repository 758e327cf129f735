// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaderboardAnswer, PlayerProfileAnswer } from '../../common/api/rankings-api.ts';
import { PLAYER_PREFIX, playerPagePath } from '../../common/page-routes.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { LEADERBOARD_TEXTS } from './leaderboard-page.tsx';
import { PLAYER_PAGE_TEXTS } from './player-page.tsx';
import { SHOW_ME } from './visibility-choice.tsx';

const A = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const B = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

const board = (period: 'week' | 'all', sort: 'net' | 'wins' | 'winRate'): LeaderboardAnswer => ({
  period,
  sort,
  since: null,
  minGames: 1,
  asOf: new Date().toISOString(),
  rows: [
    { rank: 1, walletAddress: A, games: 4, wins: 3, winRate: 0.75, netLamports: '12500000' },
    {
      rank: 2,
      walletAddress: B,
      games: 2,
      wins: 0,
      winRate: 0,
      netLamports: period === 'all' ? '-50000000' : '-750000',
    },
  ],
});

let asked: { url: string; method: string; body: string | null }[] = [];
let signedIn: string | null = null;
let hidden = false;
let profile: PlayerProfileAnswer | null = null;

beforeEach(() => {
  asked = [];
  signedIn = null;
  hidden = false;
  profile = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    asked.push({ url, method, body: (init?.body as string) ?? null });
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/leaderboard') {
      return jsonResponse(
        200,
        board(u.searchParams.get('period') as 'week', u.searchParams.get('sort') as 'net'),
      );
    }
    if (u.pathname === '/api/player/visibility') {
      if (method === 'PUT') hidden = JSON.parse(init?.body as string).hidden;
      return jsonResponse(200, { walletAddress: signedIn, hidden });
    }
    if (u.pathname.startsWith('/api/players/')) {
      return profile
        ? jsonResponse(200, profile)
        : jsonResponse(404, { error: 'No public record for this player' });
    }
    return jsonResponse(404, { error: 'unexpected' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => {});

describe('the leaderboard page', () => {
  it('this week by net winnings first: rank, short address linking to the player, games, wins, rate, net', async () => {
    renderApp('/leaderboard');
    await screen.findByTestId('leaderboard');
    expect(asked.map((a) => a.url)).toContain('/api/leaderboard?period=week&sort=net');
    const rows = screen.getAllByTestId('leaderboard-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '19xQeW...sVFin4375%+0.0125 SOL',
      '27EcDh...CFLtV200%-0.00075 SOL',
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(playerPagePath(A));
  });

  it('All time and Win rate ask the server for that board; win rate names its minimum', async () => {
    renderApp('/leaderboard');
    await screen.findByTestId('leaderboard');
    fireEvent.click(screen.getByRole('button', { name: LEADERBOARD_TEXTS.periods.all }));
    await screen.findByText('-0.0500 SOL');
    fireEvent.click(screen.getByRole('button', { name: LEADERBOARD_TEXTS.sorts.winRate }));
    await settle();
    expect(asked.map((a) => a.url)).toContain('/api/leaderboard?period=all&sort=winRate');
    expect(screen.getByText(/Win rate ranks players with at least 5 paid matches/)).toBeTruthy();
  });

  it('signed out there is no choice to make; signed in the player hides themselves and shows again', async () => {
    renderApp('/leaderboard');
    await screen.findByTestId('leaderboard');
    await settle();
    expect(screen.queryByRole('checkbox')).toBeNull();
    cleanup();

    signedIn = A;
    renderApp('/leaderboard');
    const box = await screen.findByRole('checkbox', { name: new RegExp(SHOW_ME) });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    await settle();
    expect(asked.filter((a) => a.method === 'PUT').map((a) => a.body)).toEqual(['{"hidden":true}']);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox'));
    await settle();
    expect(asked.filter((a) => a.method === 'PUT').map((a) => a.body)).toEqual([
      '{"hidden":true}',
      '{"hidden":false}',
    ]);
  });
});

describe("a player's page", () => {
  it('the figures and the recent results, with no opponent', async () => {
    profile = {
      walletAddress: A,
      games: 5,
      wins: 3,
      bestStreak: 2,
      favouriteMode: 'smol_shrimp',
      netLamports: '-25000000',
      recent: [
        {
          gameMode: 'smol_shrimp',
          result: 'loss',
          score: '4-11',
          forfeit: true,
          endedAt: new Date().toISOString(),
        },
        {
          gameMode: 'practice',
          result: 'win',
          score: '11-4',
          forfeit: false,
          endedAt: new Date().toISOString(),
        },
      ],
    };
    renderApp(playerPagePath(A));
    const figures = await screen.findByTestId('player-figures');
    expect(asked.map((a) => a.url)).toContain(`/api/players/${A}`);
    expect(figures.textContent).toBe('Games5Wins3Best streak2Favourite modeSmol ShrimpNet (paid)-0.0250 SOL');
    expect(
      screen.getAllByTestId('player-result').map((r) => r.textContent?.replace(/[A-Z][a-z]{2} \d.*$/, '')),
    ).toEqual(['Smol ShrimpLOSS · FORFEIT4-11', 'Free PlayWIN11-4']);
  });

  it('no public record (never played, or hidden): says so, with the way to the leaderboard and home', async () => {
    renderApp(playerPagePath(B));
    await screen.findByText(PLAYER_PAGE_TEXTS.none);
    // The page's own link, and the footer's.
    for (const link of screen.getAllByRole('link', { name: PLAYER_PAGE_TEXTS.leaderboard }))
      expect(link.getAttribute('href')).toBe('/leaderboard');
    expect(screen.getByRole('link', { name: PLAYER_PAGE_TEXTS.back }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['a sentence', `${PLAYER_PREFIX}${encodeURIComponent('Your account is suspended, call +1 555 0100')}`],
    ['base58 text of an address length that is no 32-byte key', `${PLAYER_PREFIX}${'z'.repeat(44)}`],
  ])('RELIABILITY 36: %s in the URL is never shown; the not-found screen is', async (_, path) => {
    renderApp(path);
    await screen.findByRole('heading', { name: '404 Page Not Found' });
    const typed = decodeURIComponent(path.slice(PLAYER_PREFIX.length));
    expect(document.body.textContent).not.toContain(typed);
    expect(document.body.textContent).not.toContain('suspended');
    expect(screen.queryByText(PLAYER_PAGE_TEXTS.title)).toBeNull();
    // Nothing is asked of the server for it either.
    expect(asked.some((a) => a.url.startsWith('/api/players/'))).toBe(false);
  });

  it('RELIABILITY 36: a well-formed address is still its page, its address shown', async () => {
    renderApp(playerPagePath(B));
    await screen.findByText(PLAYER_PAGE_TEXTS.none);
    expect(screen.getByRole('heading', { name: /PLAYER/ })).toBeTruthy();
    expect(screen.getByText(B)).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });
});
