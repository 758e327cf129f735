// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playRecordedMatch } from '../../../../test/support/recorded-match.ts';
import { TICK_HZ } from '../../../common/game/constants.ts';
import { createReplayTimeline } from '../../../common/game/replay-timeline.ts';
import { COLORS } from '../../game/render.ts';
import { RecordingContext } from '../../game/test-support/recording-context.ts';
import { createQueryClient } from '../../query-client.ts';
import { jsonResponse } from '../../test-support/render-app.tsx';
import { gameRow } from '../test-support/admin-rows.ts';
import { GameReplay, REPLAY_TEXTS } from './game-replay.tsx';
import type { AdminGameReplay } from './replay-api.ts';
import { POINT_LEAD_IN_TICKS } from './replay-seek-bar.tsx';

const GAME_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
const P1 = 'Wallet0AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const P2 = 'Wallet1BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
/** A real match, played by the server's own match loop and recorded by it: 11-5 to player 1. */
const match = playRecordedMatch({ countdownSeconds: 3 });
const timeline = createReplayTimeline(match.record);

function answer(overrides: Partial<AdminGameReplay> = {}): AdminGameReplay {
  return {
    game: gameRow({ id: GAME_ID, player1Wallet: P1, player2Wallet: P2 }),
    // Sent the way the server stores it: the record with its extra audit fields beside it.
    record: { ...match.record, ...{ ticks: match.ticks, connectionLog: [] } },
    recorded: { player1Score: match.scores[0], player2Score: match.scores[1], winner: 'player1' },
    ...overrides,
  };
}

let ctx: RecordingContext;
let requests: string[];

beforeEach(() => {
  ctx = new RecordingContext();
  // jsdom has no canvas: the replay draws into a recording context instead.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  requests = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    return jsonResponse(status, body);
  });
}

async function renderReplay(status = 200, body: unknown = answer()) {
  serve(status, body);
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <GameReplay gameId={GAME_ID} />
    </QueryClientProvider>,
  );
  return view;
}

/** Loads the replay with real timers, then fakes them so the test drives the animation frames. */
async function loadedReplay(body: unknown = answer()) {
  const view = await renderReplay(200, body);
  await screen.findByRole('slider', { name: 'Seek' });
  vi.useFakeTimers();
  return view;
}

const readout = () => screen.getByRole('status', { name: 'Replay position' }).textContent ?? '';
const seconds = (ticks: number) => {
  const s = Math.floor(ticks / TICK_HZ);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
const END = seconds(timeline.endTick);
/** The drawing calls since the last full clear of the field. */
const lastFrameTexts = () => {
  const start = ctx.calls.findLastIndex(
    (c) => c.op === 'fillRect' && c.args[2] === 800 && c.fillStyle === COLORS.field,
  );
  return ctx.calls
    .slice(start)
    .filter((c) => c.op === 'fillText')
    .map((c) => String(c.args[0]));
};

describe('the dispute replay fetches the game and says whether it reproduces', () => {
  it('asks the replay endpoint of the game', async () => {
    await loadedReplay();
    expect(requests).toEqual([`/api/admin/games/${GAME_ID}/replay`]);
  });

  it('a real recorded match: the verdict says the replay reproduces the recorded score and winner', async () => {
    await loadedReplay();
    expect(screen.getByText(/Replay reproduces the recorded result/).textContent).toContain(
      'Replay reproduces the recorded result: 11-5, Player 1 wins',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a tampered recorded score: a mismatch warning naming both results', async () => {
    await loadedReplay(answer({ recorded: { player1Score: 11, player2Score: 7, winner: 'player1' } }));
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain('does NOT reproduce');
    expect(warning.textContent).toContain('Recorded: 11-7, Player 1 wins');
    expect(warning.textContent).toContain('Replay: 11-5, Player 1 wins');
    expect(screen.queryByText(/Replay reproduces/)).toBeNull();
  });

  it('a tampered recorded winner is a mismatch too', async () => {
    await loadedReplay(answer({ recorded: { player1Score: 11, player2Score: 5, winner: 'player2' } }));
    expect(screen.getByRole('alert').textContent).toContain('Recorded: 11-5, Player 2 wins');
  });

  it('a forfeited match: reproduced, and said to be by forfeit', async () => {
    const left = playRecordedMatch({ leave: { seat: 0, afterPoints: 4 } });
    await loadedReplay(
      answer({
        record: left.record,
        recorded: { player1Score: left.scores[0], player2Score: left.scores[1], winner: 'player2' },
      }),
    );
    expect(screen.getByText(/Replay reproduces/).textContent).toContain(
      `${left.scores[0]}-${left.scores[1]}, Player 2 wins (by forfeit)`,
    );
  });

  it('a game without a record (refunded before play): the replay is not available', async () => {
    await renderReplay(200, answer({ record: null }));
    expect(await screen.findByText(REPLAY_TEXTS.unavailable)).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('an error answer shows the server’s error text', async () => {
    await renderReplay(404, { error: 'Game not found' });
    expect((await screen.findByRole('alert')).textContent).toBe('Game not found');
  });

  it('a malformed answer is refused with a clear error, not replayed', async () => {
    await renderReplay(200, {
      ...answer(),
      record: { seed: 'ab', generator: 2, countdownSeconds: 3, inputs: [[1, 2, 300]] },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/malformed: record\.inputs/);
  });
});

describe('the replay plays on the player’s canvas with play, pause, seek and speed', () => {
  it('draws tick 0 with the renderer: the countdown overlay and 0-0, and the readout starts at 0:00', async () => {
    await loadedReplay();
    expect(lastFrameTexts()).toEqual(['0', '0', '3']);
    expect(readout()).toBe(`0:00 / ${END} · Score 0-0`);
    expect(screen.getByTitle(P1).textContent).toBe('Player 1 (left): Wall…AAAA');
    expect(screen.getByTitle(P2).textContent).toBe('Player 2 (right): Wall…BBBB');
  });

  it('seek moves the readout, the slider and the canvas to that tick', async () => {
    await loadedReplay();
    const slider = screen.getByRole('slider', { name: 'Seek' });
    const tick = timeline.points[5]!.tick + 30;
    act(() => fireEvent.change(slider, { target: { value: String(tick) } }));
    const scores = timeline.points[5]!.scores;
    expect(readout()).toBe(`${seconds(tick)} / ${END} · Score ${scores[0]}-${scores[1]}`);
    expect((slider as HTMLInputElement).value).toBe(String(tick));
    expect(lastFrameTexts().slice(0, 2)).toEqual([String(scores[0]), String(scores[1])]);
  });

  it('a point mark jumps into the rally that decided it: up to 3 s before, not back past the point before', async () => {
    await loadedReplay();
    const marks = within(screen.getByRole('group', { name: 'Points' })).getAllByRole('button');
    expect(marks).toHaveLength(timeline.points.length);
    const [first, second, third] = timeline.points;
    act(() => fireEvent.click(marks[0]!));
    expect(readout()).toBe(`${seconds(first!.tick - POINT_LEAD_IN_TICKS)} / ${END} · Score 0-0`);
    // These bots' rallies are shorter than 3 s, so the third point's mark stops at the second point.
    expect(third!.tick - second!.tick).toBeLessThan(POINT_LEAD_IN_TICKS);
    act(() => fireEvent.click(marks[2]!));
    expect(readout()).toBe(`${seconds(second!.tick)} / ${END} · Score ${second!.scores.join('-')}`);
    expect(marks[2]!.getAttribute('aria-label')).toBe(
      `Point 3: Player ${third!.scorer + 1} scores, ${third!.scores.join('-')} at ${seconds(third!.tick)}`,
    );
  });

  it('play runs 60 ticks per second of game time; pause stops it; play again resumes', async () => {
    await loadedReplay();
    const button = screen.getByRole('button', { name: 'Play' });
    act(() => fireEvent.click(button));
    expect(button.textContent).toBe('Pause');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(readout()).toMatch(/^0:0[12] \//);
    act(() => fireEvent.click(button));
    expect(button.textContent).toBe('Play');
    const paused = readout();
    const drawn = ctx.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(readout()).toBe(paused);
    expect(ctx.calls.length).toBe(drawn);
    act(() => fireEvent.click(button));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(readout()).toMatch(/^0:0[34] \//);
  });

  it('4× plays four seconds of game time per second', async () => {
    await loadedReplay();
    const fast = screen.getByRole('button', { name: '4×' });
    act(() => fireEvent.click(fast));
    expect(fast.getAttribute('aria-pressed')).toBe('true');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Play' })));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(readout()).toMatch(/^0:0[78] \//);
  });

  it('played to the end it stops on the final score, and Play starts over', async () => {
    await loadedReplay();
    act(() => fireEvent.change(screen.getByRole('slider'), { target: { value: timeline.endTick - 30 } }));
    const button = screen.getByRole('button', { name: 'Play' });
    act(() => fireEvent.click(button));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(button.textContent).toBe('Play');
    expect(readout()).toBe(`${END} / ${END} · Score 11-5`);
    act(() => fireEvent.click(button));
    expect(readout()).toBe(`0:00 / ${END} · Score 0-0`);
  });

  it('unmounting stops the loop: nothing is drawn afterwards', async () => {
    const view = await loadedReplay();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Play' })));
    await act(() => vi.advanceTimersByTimeAsync(500));
    view.unmount();
    const drawn = ctx.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(ctx.calls.length).toBe(drawn);
  });
});
