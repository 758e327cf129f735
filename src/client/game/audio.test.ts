import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createGameAudio,
  EFFECTS_VOLUME,
  MUSIC_VOLUME,
  SCHEDULE_AHEAD_SECONDS,
  SCHEDULE_EVERY_MS,
} from './audio.ts';
import { LOOP_STEPS, midiToHz, notesAtStep, STEP_SECONDS } from './music.ts';
import { FakeAudioContext } from './test-support/fake-audio.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(flags = { sound: true, music: true }) {
  const ctx = new FakeAudioContext();
  const createContext = vi.fn(() => ctx.asGraph());
  const audio = createGameAudio({ ...flags, createContext });
  const musicBus = () => ctx.gains.find((g) => g.gain.value === MUSIC_VOLUME && !g.disconnected);
  // The first gain made on unlock is the effects bus; every other bus carries music.
  const effectNotes = () => ctx.oscillators.filter((o) => ctx.busOf(o) === ctx.gains[0]);
  const musicNotes = () => ctx.oscillators.filter((o) => ctx.busOf(o) !== ctx.gains[0]);
  /** Moves the audio clock and the timers on together, as a browser does. */
  const elapse = (seconds: number) => {
    ctx.currentTime += seconds;
    vi.advanceTimersByTime(seconds * 1000);
  };
  return { ctx, audio, createContext, musicBus, musicNotes, effectNotes, elapse };
}

describe('audio starts only after a user gesture (autoplay policy)', () => {
  it('no AudioContext exists, and nothing plays, before unlock()', () => {
    const { audio, createContext } = setup();
    audio.play({ kind: 'hit' }, 0);
    vi.advanceTimersByTime(5000);
    expect(createContext).not.toHaveBeenCalled();
    expect(audio.unlocked).toBe(false);
  });

  it('unlock makes one context, resumes a suspended one, and is safe to repeat', () => {
    const { ctx, audio, createContext } = setup({ sound: true, music: false });
    ctx.state = 'suspended';
    audio.unlock();
    audio.unlock();
    expect(createContext).toHaveBeenCalledTimes(1);
    expect(ctx.resumed).toBe(1);
    expect(audio.unlocked).toBe(true);
  });

  it('without Web Audio (no context) everything is silent and nothing throws', () => {
    const audio = createGameAudio({ sound: true, music: true, createContext: () => null });
    audio.unlock();
    audio.play({ kind: 'score', scorer: 0 }, 0);
    audio.setMusicEnabled(true);
    audio.dispose();
    expect(audio.unlocked).toBe(false);
  });
});

describe('hit and score effects are synthesised', () => {
  it(`a hit is one short oscillator through the effects bus (volume ${EFFECTS_VOLUME})`, () => {
    const { ctx, audio, effectNotes } = setup({ sound: true, music: false });
    audio.unlock();
    ctx.currentTime = 2;
    audio.play({ kind: 'hit' }, 0);
    expect(ctx.gains[0]?.gain.value).toBe(EFFECTS_VOLUME);
    expect(ctx.gains[0]?.connections).toEqual([ctx.destination]);
    const [hit] = effectNotes();
    expect(effectNotes()).toHaveLength(1);
    expect(hit?.startAt).toBe(2);
    expect(hit!.stopAt! - 2).toBeLessThan(0.2);
  });

  it("the player's own point sounds different from the opponent's", () => {
    const { audio, effectNotes } = setup({ sound: true, music: false });
    audio.unlock();
    audio.play({ kind: 'score', scorer: 1 }, 1);
    const own = effectNotes().map((o) => o.type);
    audio.play({ kind: 'score', scorer: 0 }, 1);
    const theirs = effectNotes()
      .slice(own.length)
      .map((o) => o.type);
    expect(own).toEqual(['square', 'square', 'square']);
    expect(theirs).toEqual(['triangle']);
  });

  it('with sound off no effect plays; turning it on again plays them', () => {
    const { audio, effectNotes } = setup({ sound: false, music: false });
    audio.unlock();
    audio.play({ kind: 'hit' }, 0);
    expect(effectNotes()).toHaveLength(0);
    audio.setSoundEnabled(true);
    audio.play({ kind: 'hit' }, 0);
    expect(effectNotes()).toHaveLength(1);
  });

  it('a context the browser still holds suspended plays no effects (they would all sound at once later)', () => {
    const { ctx, audio, effectNotes } = setup({ sound: true, music: false });
    audio.unlock();
    ctx.state = 'suspended';
    audio.play({ kind: 'hit' }, 0);
    expect(effectNotes()).toHaveLength(0);
  });
});

describe('the music loop, volume 0.3, looping, on the AudioContext clock', () => {
  it('music starts on unlock through a bus at 0.3, scheduled a little ahead of the audio clock', () => {
    const { ctx, audio, musicBus, musicNotes } = setup();
    ctx.currentTime = 10;
    audio.unlock();
    expect(musicBus()?.connections).toEqual([ctx.destination]);
    const first = musicNotes();
    expect(first.length).toBeGreaterThan(0);
    for (const note of first) {
      expect(note.startAt!).toBeGreaterThanOrEqual(10);
      expect(note.startAt!).toBeLessThan(10 + SCHEDULE_AHEAD_SECONDS + STEP_SECONDS);
    }
  });

  it('plays the composed notes step after step and repeats after the loop', () => {
    const { ctx, audio, musicNotes, elapse } = setup();
    audio.unlock();
    const start = musicNotes()[0]!.startAt!;
    for (let i = 0; i < (LOOP_STEPS * STEP_SECONDS * 1000 * 2) / SCHEDULE_EVERY_MS; i++) {
      elapse(SCHEDULE_EVERY_MS / 1000);
    }
    const played = musicNotes();
    const expected: { time: number; hz: number }[] = [];
    for (let step = 0; expected.length < played.length; step++) {
      for (const note of notesAtStep(step)) {
        expected.push({ time: start + step * STEP_SECONDS, hz: midiToHz(note.midi) });
      }
    }
    const actual = played.map((o) => ({ time: o.startAt!, hz: o.frequency.events[0]!.value }));
    expect(actual.length).toBeGreaterThan(2 * notesInLoop());
    actual.forEach((note, i) => {
      expect(note.time).toBeCloseTo(expected[i]!.time, 9);
      expect(note.hz).toBeCloseTo(expected[i]!.hz, 9);
    });
    expect(ctx.currentTime).toBeGreaterThan(2 * LOOP_STEPS * STEP_SECONDS);
  });

  it('music off stops scheduling and cuts the notes already queued; on starts it again', () => {
    const { ctx, audio, musicNotes, elapse } = setup();
    audio.unlock();
    const bus = ctx.gains.find((g) => g.gain.value === MUSIC_VOLUME)!;
    audio.setMusicEnabled(false);
    expect(bus.disconnected).toBe(true);
    const count = musicNotes().length;
    elapse(2);
    expect(ctx.oscillators.filter((o) => ctx.busOf(o) === bus)).toHaveLength(count);
    audio.setMusicEnabled(true);
    elapse(0.5);
    expect(ctx.oscillators.some((o) => ctx.busOf(o) !== bus && o.startAt! >= ctx.currentTime - 0.5)).toBe(
      true,
    );
  });

  it('with music off in storage, unlocking plays no music', () => {
    const { audio, musicNotes, elapse } = setup({ sound: true, music: false });
    audio.unlock();
    elapse(2);
    expect(musicNotes()).toHaveLength(0);
  });

  it('dispose stops the music and closes the context', () => {
    const { ctx, audio, elapse } = setup();
    audio.unlock();
    audio.dispose();
    const count = ctx.oscillators.length;
    elapse(2);
    expect(ctx.oscillators).toHaveLength(count);
    expect(ctx.closed).toBe(true);
  });

  it('a stalled timer (background tab) skips ahead instead of a burst of late notes', () => {
    const { ctx, audio, musicNotes } = setup();
    audio.unlock();
    const before = musicNotes().length;
    ctx.currentTime += 30;
    vi.advanceTimersByTime(SCHEDULE_EVERY_MS);
    const after = musicNotes().slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((o) => o.startAt! < ctx.currentTime)).toHaveLength(0);
    expect(after.length).toBeLessThan(notesInLoop());
  });
});

describe('the composition', () => {
  it('is two bars of 16ths with lead and bass, A4 = 440 Hz', () => {
    expect(LOOP_STEPS).toBe(32);
    expect(midiToHz(69)).toBe(440);
    expect(midiToHz(81)).toBeCloseTo(880, 9);
    const voices = new Set(
      Array.from({ length: LOOP_STEPS }, (_, s) => notesAtStep(s).map((n) => n.voice)).flat(),
    );
    expect(voices).toEqual(new Set(['lead', 'bass']));
    expect(notesAtStep(LOOP_STEPS + 3)).toEqual(notesAtStep(3));
    expect(notesAtStep(-1)).toEqual(notesAtStep(LOOP_STEPS - 1));
  });
});

function notesInLoop(): number {
  let n = 0;
  for (let s = 0; s < LOOP_STEPS; s++) n += notesAtStep(s).length;
  return n;
}
