// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameContext } from '../state/game-api.ts';
import { STORAGE_KEYS } from '../storage/stored-values.ts';
import { type WalletApi, WalletContext } from '../wallet/wallet-api.ts';
import { GameScreen } from './game-screen.tsx';
import { COLORS, GET_READY } from './render.ts';
import { type FakeGame, fakeGame, fakeWallet } from './test-support/fake-apis.ts';
import { FakeAudioContext } from './test-support/fake-audio.ts';
import { RecordingContext } from './test-support/recording-context.ts';

const FRAME_MS = 16;
let ctx: RecordingContext;
let audioContexts: FakeAudioContext[];

beforeEach(() => {
  vi.useFakeTimers();
  ctx = new RecordingContext();
  // jsdom has no canvas: the screen draws into a recording context instead.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  audioContexts = [];
  vi.stubGlobal(
    'AudioContext',
    class extends FakeAudioContext {
      constructor() {
        super();
        audioContexts.push(this);
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function narrowViewport(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderScreen(game: FakeGame, wallet: WalletApi = fakeWallet(), extra: { history?: string } = {}) {
  const commits = { count: 0 };
  const view = render(
    <Profiler id="game" onRender={() => commits.count++}>
      <GameContext.Provider value={game.api}>
        <WalletContext.Provider value={wallet}>
          <GameScreen historyPanel={extra.history ? <p>{extra.history}</p> : undefined} />
        </WalletContext.Provider>
      </GameContext.Provider>
    </Profiler>,
  );
  const canvas = view.container.querySelector('canvas')!;
  return { ...view, canvas, commits };
}

const frames = (n: number) => act(() => vi.advanceTimersByTime(n * FRAME_MS));
const paddleRects = () => ctx.rects().filter((r) => r.w === 20 && r.h === 100);
const lastFrame = () => {
  const starts = ctx.calls.map((c, i) =>
    c.op === 'fillRect' && c.args[2] === 800 && c.fillStyle === COLORS.field ? i : -1,
  );
  const from = Math.max(...starts);
  const calls = ctx.calls.slice(from);
  const recorder = new RecordingContext();
  recorder.calls = calls;
  return recorder;
};

describe('the game screen draws on one 800×600 canvas outside React', () => {
  it('one canvas of 800×600 drawing size, scaled by CSS (width 100%, max 800 px, 4:3)', () => {
    const { container, canvas } = renderScreen(fakeGame());
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    expect(canvas.className).toContain('w-full');
    expect(canvas.className).toContain('max-w-[min(800px,');
    expect(canvas.className).toContain('aspect-[4/3]');
  });

  it('every animation frame draws the keyframe: scores, paddles, ball; React does not re-render', () => {
    const game = fakeGame({ playerIndex: 1 });
    const { commits } = renderScreen(game);
    const before = commits.count;
    game.keyframe({ scores: [3, 9], paddlePositions: [150, 420], ballPos: { x: 222, y: 111 } });
    frames(60);
    const frame = lastFrame();
    expect(frame.texts()).toEqual(['3', '9', 'YOU']);
    expect(
      frame
        .rects()
        .filter((r) => r.w === 20)
        .map((r) => [r.x, r.y, r.color]),
    ).toEqual([
      [40, 100, COLORS.opponent],
      [740, 370, COLORS.own],
    ]);
    expect(frame.rects()).toContainEqual(expect.objectContaining({ x: 214, y: 103, color: COLORS.ball }));
    const drawn = ctx.calls.filter((c) => c.op === 'fillRect' && c.fillStyle === COLORS.field).length;
    expect(drawn).toBeGreaterThanOrEqual(55);
    expect(commits.count).toBe(before);
  });

  it("'GET READY' overlay during first serve", () => {
    const game = fakeGame({ state: 'firstServe' });
    renderScreen(game);
    game.keyframe({ gameState: 'firstServe' });
    frames(2);
    expect(lastFrame().texts()).toContain(GET_READY);
  });

  it('unmounting stops the loop', () => {
    const game = fakeGame();
    const { unmount } = renderScreen(game);
    frames(3);
    unmount();
    const count = ctx.calls.length;
    frames(30);
    expect(ctx.calls.length).toBe(count);
  });
});

describe('input becomes paddle targets, the own paddle drawn at once', () => {
  it('ArrowDown held moves the paddle at a steady speed from the server position; keyup stops it', () => {
    const game = fakeGame({ playerIndex: 0 });
    renderScreen(game);
    game.keyframe({ paddlePositions: [300, 300] });
    frames(1);
    expect(game.moves).toEqual([]);
    const down = new KeyboardEvent('keydown', { key: 'ArrowDown', cancelable: true });
    act(() => {
      window.dispatchEvent(down);
    });
    expect(down.defaultPrevented).toBe(true);
    frames(10);
    const last = game.moves.at(-1)!;
    expect(last).toBeGreaterThan(300 + 9 * 7);
    expect(last).toBeLessThanOrEqual(300 + 10 * 8);
    // The server has not moved the paddle, yet it is drawn where the player put it.
    expect(paddleRects().at(-2)).toMatchObject({ x: 40, y: last - 50, color: COLORS.own });
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowDown' }));
    });
    frames(5);
    expect(game.moves.at(-1)).toBe(last);
  });

  it('W and S move it too, and keys typed into a field are ignored', () => {
    const game = fakeGame({ playerIndex: 1 });
    renderScreen(game);
    game.keyframe({ paddlePositions: [300, 300] });
    const input = document.body.appendChild(document.createElement('input'));
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'w', bubbles: true }));
    });
    frames(5);
    expect(game.moves).toEqual([]);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'w' }));
    });
    frames(5);
    expect(game.moves.at(-1)).toBeLessThan(300);
    input.remove();
  });

  it('the mouse over a scaled canvas is mapped back to 0-600', () => {
    const game = fakeGame({ playerIndex: 0 });
    const { canvas } = renderScreen(game);
    // Drawn 400×300 CSS pixels at y 100: the middle of the canvas is page y 250.
    canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 400, height: 300 });
    fireEvent.pointerMove(canvas, { clientY: 160, pointerType: 'mouse' });
    frames(1);
    expect(game.moves.at(-1)).toBe(120);
    expect(paddleRects().at(-2)).toMatchObject({ x: 40, y: 70 });
  });

  it("a new game starts from the server's paddle, not from the last game's input", () => {
    const game = fakeGame({ playerIndex: 0 });
    const { canvas } = renderScreen(game);
    canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 600 });
    game.keyframe({ paddlePositions: [300, 300] });
    fireEvent.pointerMove(canvas, { clientY: 500, pointerType: 'mouse' });
    frames(1);
    expect(paddleRects().at(-2)?.y).toBe(450);
    const sent = game.moves.length;
    game.keyframe({ id: '0b7a0c3e-1f7e-4b8e-9a55-2d9a4c1b7e11', paddlePositions: [200, 300] });
    frames(1);
    expect(paddleRects().at(-2)?.y).toBe(150);
    expect(game.moves).toHaveLength(sent);
  });

  it('below 768 px the touch strip sits under the canvas; a tap moves the paddle there', () => {
    narrowViewport(true);
    const game = fakeGame({ playerIndex: 0 });
    renderScreen(game);
    const strip = screen.getByRole('slider', { name: 'Paddle control: drag or tap' });
    strip.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 500, width: 343, height: 144 });
    fireEvent.pointerDown(strip, { clientY: 608, pointerType: 'touch', pointerId: 1 });
    frames(1);
    expect(game.moves.at(-1)).toBe(450);
    fireEvent.pointerMove(strip, { clientY: 536, pointerType: 'touch', pointerId: 1, buttons: 1 });
    frames(1);
    expect(game.moves.at(-1)).toBe(150);
    expect(strip.getAttribute('aria-valuenow')).toBe('150');
  });

  it('at 768 px and wider there is no touch strip: a finger on the canvas itself moves the paddle', () => {
    narrowViewport(false);
    const game = fakeGame({ playerIndex: 0 });
    const { canvas } = renderScreen(game);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(canvas.className).toContain('touch-none');
    canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 768, height: 576 });
    fireEvent.pointerDown(canvas, { clientY: 144, pointerType: 'touch', pointerId: 1 });
    frames(1);
    expect(game.moves.at(-1)).toBe(150);
  });

  it('below 768 px a finger on the canvas scrolls the page instead (the strip moves the paddle)', () => {
    narrowViewport(true);
    const game = fakeGame({ playerIndex: 0 });
    const { canvas } = renderScreen(game);
    expect(canvas.className).not.toContain('touch-none');
    canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 343, height: 257.25 });
    fireEvent.pointerDown(canvas, { clientY: 60, pointerType: 'touch', pointerId: 1 });
    frames(1);
    expect(game.moves).toEqual([]);
  });
});

describe('what shows under the game: ping, wallet box, history, toggles', () => {
  it('ping readout, four-bar badge lit by quality, wallet box exact with at least 2 decimals, stats from storage', () => {
    localStorage.setItem(STORAGE_KEYS.totalWins, '17');
    renderScreen(fakeGame({}, { pingMs: 87.4, quality: 'good', qualityScore: 75 }));
    expect(screen.getByText('Ping: 87 ms')).toBeTruthy();
    const badge = screen.getByRole('status', { name: 'Connection quality: good' });
    expect(badge.querySelectorAll('[data-lit="true"]')).toHaveLength(3);
    expect(badge.querySelectorAll('[data-lit]')).toHaveLength(4);
    expect(badge.textContent).not.toContain('Reconnecting...');
    const walletBox = screen.getByRole('region', { name: 'Wallet status' });
    expect(walletBox.textContent).toContain('Connected');
    expect(walletBox.textContent).toContain('1.23456789 SOL');
    expect(screen.getByText('17')).toBeTruthy();
  });

  it.each([
    { quality: 'excellent' as const, lit: 4 },
    { quality: 'fair' as const, lit: 2 },
    { quality: 'poor' as const, lit: 1 },
  ])('quality $quality lights $lit bars', ({ quality, lit }) => {
    renderScreen(fakeGame({}, { quality }));
    expect(screen.getByRole('status').querySelectorAll('[data-lit="true"]')).toHaveLength(lit);
  });

  it("'Reconnecting...' while a disconnect is pending, and the ping reads 'offline'", () => {
    renderScreen(fakeGame({}, { status: 'pendingDisconnect', pingMs: null, quality: 'poor' }));
    expect(screen.getByRole('status').textContent).toContain('Reconnecting...');
    expect(screen.getByText('Ping: offline')).toBeTruthy();
  });

  it("no ping yet on an open socket shows '-- ms'", () => {
    renderScreen(fakeGame({}, { status: 'open', pingMs: null }));
    expect(screen.getByText('Ping: -- ms')).toBeTruthy();
  });

  it("the wallet box keeps the last known balance marked stale after a failed read, '—' with none", () => {
    const { unmount } = renderScreen(
      fakeGame(),
      fakeWallet({ balanceLamports: 1_012_000_000n, balanceStale: true }),
    );
    const box = () => screen.getByRole('region', { name: 'Wallet status' });
    expect(within(box()).getByTestId('wallet-box-balance').textContent).toBe('1.012 SOL');
    expect(within(box()).getByTestId('balance-stale').textContent).toBe('stale');
    unmount();
    renderScreen(fakeGame(), fakeWallet({ balanceLamports: null, balanceStale: true }));
    expect(within(box()).getByTestId('wallet-box-balance').textContent).toBe('—');
    expect(box().textContent).not.toContain('0.00');
  });

  it("'Disconnected' wallet box, and no history panel, without a wallet", () => {
    renderScreen(fakeGame(), fakeWallet({ status: 'disconnected', balanceLamports: null }), {
      history: 'History here',
    });
    expect(screen.getByRole('region', { name: 'Wallet status' }).textContent).toContain('Disconnected');
    expect(screen.queryByText('History here')).toBeNull();
  });

  it('the history panel shows under the game while a wallet is connected', () => {
    renderScreen(fakeGame(), fakeWallet(), { history: 'History here' });
    expect(screen.getByText('History here')).toBeTruthy();
  });

  it('sound and music toggles default on and are kept in storage', () => {
    renderScreen(fakeGame());
    const sound = screen.getByRole('button', { name: 'SOUND ON' });
    expect(sound.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(sound);
    expect(screen.getByRole('button', { name: 'SOUND OFF' }).getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(STORAGE_KEYS.soundEnabled)).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'MUSIC ON' }));
    expect(localStorage.getItem(STORAGE_KEYS.musicEnabled)).toBe('false');
    cleanup();
    renderScreen(fakeGame());
    expect(screen.getByRole('button', { name: 'SOUND OFF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'MUSIC OFF' })).toBeTruthy();
  });
});

describe('sound follows the keyframes and ball events, after a user gesture', () => {
  const effects = (audio: FakeAudioContext) =>
    audio.oscillators.filter((o) => audio.busOf(o) === audio.gains[0]);

  it('no audio before a gesture; after one, music plays and a score change plays its effect', () => {
    const game = fakeGame({ playerIndex: 0 });
    renderScreen(game);
    game.keyframe({ scores: [0, 0] });
    frames(2);
    expect(audioContexts).toHaveLength(0);

    fireEvent.pointerDown(window);
    const [audio] = audioContexts;
    expect(audio).toBeDefined();
    expect(audio!.gains.some((g) => g.gain.value === 0.3)).toBe(true);
    expect(effects(audio!)).toHaveLength(0);

    game.keyframe({ scores: [1, 0], gameState: 'roundEnd', ballPos: { x: 400, y: 300 } });
    frames(1);
    expect(effects(audio!).length).toBeGreaterThan(0);
  });

  it('with sound toggled off no effect plays; unmounting closes the audio', () => {
    const game = fakeGame({ playerIndex: 0 });
    const { unmount } = renderScreen(game);
    fireEvent.click(screen.getByRole('button', { name: 'SOUND ON' }));
    fireEvent.pointerDown(window);
    const audio = audioContexts[0]!;
    game.keyframe({ scores: [0, 0] });
    frames(1);
    game.keyframe({ scores: [0, 1], gameState: 'roundEnd' });
    frames(1);
    expect(effects(audio)).toHaveLength(0);
    unmount();
    expect(audio.closed).toBe(true);
  });
});
