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
/** The server's words for a change past its per-wallet bucket (server/http/player-write-limit.ts). */
const TOO_MANY_CHANGES = 'Too many changes in a short time: please wait a moment and try again';
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
/** How the server answers a PUT of the visibility; by default it takes the change. */
let putAnswer: (() => Promise<Response>) | null = null;
/** Set, a GET of the visibility waits for it before answering what the server holds then. */
let getHeld: Promise<void> | null = null;

beforeEach(() => {
  asked = [];
  signedIn = null;
  hidden = false;
  profile = null;
  putAnswer = null;
  getHeld = null;
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
      if (method === 'PUT' && putAnswer) return putAnswer();
      if (method === 'PUT') hidden = JSON.parse(init?.body as string).hidden;
      else if (getHeld) {
        const heldAt = hidden;
        await getHeld;
        return jsonResponse(200, { walletAddress: signedIn, hidden: heldAt });
      }
      return jsonResponse(200, { walletAddress: signedIn, hidden });
    }
    if (u.pathname.startsWith('/api/players/')) {
      // The server leaves a hidden player out at once (RELIABILITY 45).
      return profile && !hidden
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
/** react-query tells its observers on a timer of 0 ms: a change made by a mutation shows after it. */
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

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
    await flush();
    expect(asked.filter((a) => a.method === 'PUT').map((a) => a.body)).toEqual(['{"hidden":true}']);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox'));
    await flush();
    expect(asked.filter((a) => a.method === 'PUT').map((a) => a.body)).toEqual([
      '{"hidden":true}',
      '{"hidden":false}',
    ]);
  });
});

describe('the choice to be shown (RELIABILITY 45 on screen)', () => {
  const box = () => screen.getByRole('checkbox', { name: new RegExp(SHOW_ME) }) as HTMLInputElement;

  it('the box turns at once, while the server is still answering, and stays as the server took it', async () => {
    signedIn = A;
    let answer!: () => void;
    putAnswer = () =>
      new Promise<Response>((resolve) => {
        answer = () => {
          hidden = true;
          resolve(jsonResponse(200, { walletAddress: A, hidden: true }));
        };
      });
    renderApp('/leaderboard');
    await screen.findByRole('checkbox', { name: new RegExp(SHOW_ME) });
    expect(box().checked).toBe(true);
    fireEvent.click(box());
    // Drawn by the click itself, before any timer of the page has run.
    expect(box().checked).toBe(false);
    await flush();
    // No answer yet: the choice already shows as made, and the box can still be used.
    expect(box().checked).toBe(false);
    expect(box().disabled).toBe(false);
    await act(async () => answer());
    await flush();
    expect(box().checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a refusal puts the box back as the server holds it and says why, in the server's words", async () => {
    signedIn = A;
    putAnswer = async () => jsonResponse(429, { error: TOO_MANY_CHANGES });
    renderApp('/leaderboard');
    await screen.findByRole('checkbox', { name: new RegExp(SHOW_ME) });
    fireEvent.click(box());
    await flush();
    await flush();
    expect(box().checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(
      `Not saved: ${TOO_MANY_CHANGES}. You are still shown on the leaderboard.`,
    );
  });

  it('a read of the choice still under way when the box turns does not turn it back', async () => {
    signedIn = A;
    renderApp('/leaderboard');
    await screen.findByRole('checkbox', { name: new RegExp(SHOW_ME) });
    // A refusal reads the choice again; that read is held, answering what the server held when it was asked.
    let release!: () => void;
    getHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    putAnswer = async () => jsonResponse(429, { error: TOO_MANY_CHANGES });
    fireEvent.click(box());
    await flush();
    expect(box().checked).toBe(true);
    // Turned while that read is under way, and taken by the server this time.
    putAnswer = null;
    fireEvent.click(box());
    await flush();
    expect(box().checked).toBe(false);
    await act(async () => release());
    await flush();
    expect(box().checked).toBe(false);
    expect(hidden).toBe(true);
  });

  it("the player's own page and the leaderboard are read again after the change, without a reload", async () => {
    signedIn = A;
    profile = {
      walletAddress: A,
      games: 1,
      wins: 1,
      bestStreak: 1,
      favouriteMode: 'smol_shrimp',
      netLamports: '12500000',
      recent: [],
    };
    renderApp(playerPagePath(A));
    await screen.findByTestId('player-figures');
    const boardsBefore = asked.filter((a) => a.url.startsWith('/api/leaderboard')).length;
    fireEvent.click(await screen.findByRole('checkbox', { name: new RegExp(SHOW_ME) }));
    await screen.findByText(PLAYER_PAGE_TEXTS.none);
    expect(screen.queryByTestId('player-figures')).toBeNull();
    fireEvent.click(box());
    await screen.findByTestId('player-figures');
    expect(asked.filter((a) => a.url === `/api/players/${A}`).length).toBe(3);
    // The boards are not on screen here: they are marked to be read again when next shown.
    expect(asked.filter((a) => a.url.startsWith('/api/leaderboard')).length).toBe(boardsBefore);
    fireEvent.click(screen.getAllByRole('link', { name: PLAYER_PAGE_TEXTS.leaderboard })[0]!);
    await screen.findByTestId('leaderboard');
    expect(asked.filter((a) => a.url.startsWith('/api/leaderboard')).length).toBe(boardsBefore + 1);
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
