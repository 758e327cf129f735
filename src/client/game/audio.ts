import { midiToHz, notesAtStep, STEP_SECONDS, type Voice } from './music.ts';
import type { SoundEffect } from './sound-events.ts';

/**
 * Sound effects and the music loop, synthesised with Web Audio (oscillators and gain envelopes, no audio
 * files). The AudioContext is made only by `unlock()`, called from a user gesture: browsers refuse to start
 * audio before one (autoplay policy). Music is scheduled ahead on the AudioContext clock by a short timer,
 * so it keeps time even when a frame or a timer runs late.
 */

/** SPEC §9: music volume 0.3, looping. */
export const MUSIC_VOLUME = 0.3;
export const EFFECTS_VOLUME = 0.5;
/** How often the scheduler wakes, and how far ahead of the audio clock it schedules notes. */
export const SCHEDULE_EVERY_MS = 25;
export const SCHEDULE_AHEAD_SECONDS = 0.1;

/** The part of AudioContext used here, so tests can pass a recording fake. */
export type AudioGraph = Pick<
  AudioContext,
  'currentTime' | 'state' | 'destination' | 'createOscillator' | 'createGain' | 'resume' | 'close'
>;

export interface GameAudio {
  readonly unlocked: boolean;
  /** Call from a user gesture (or once the page has had one): makes or resumes the AudioContext. */
  unlock(): void;
  setSoundEnabled(on: boolean): void;
  setMusicEnabled(on: boolean): void;
  play(effect: SoundEffect, playerIndex: 0 | 1 | null): void;
  dispose(): void;
}

export interface GameAudioOptions {
  sound: boolean;
  music: boolean;
  /** Makes the context on unlock; the browser's AudioContext by default, null where there is none. */
  createContext?: () => AudioGraph | null;
}

function browserContext(): AudioGraph | null {
  const Ctor = globalThis.AudioContext;
  return typeof Ctor === 'function' ? new Ctor() : null;
}

interface Tone {
  type: OscillatorType;
  from: number;
  to?: number;
  start: number;
  duration: number;
  volume: number;
}

/** One oscillator through its own gain envelope: a quick attack, then an exponential fade to silence. */
function tone(ctx: AudioGraph, destination: AudioNode, t: Tone): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = t.type;
  osc.frequency.setValueAtTime(t.from, t.start);
  if (t.to !== undefined) osc.frequency.exponentialRampToValueAtTime(t.to, t.start + t.duration);
  gain.gain.setValueAtTime(0.0001, t.start);
  gain.gain.exponentialRampToValueAtTime(t.volume, t.start + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, t.start + t.duration);
  osc.connect(gain);
  gain.connect(destination);
  osc.start(t.start);
  osc.stop(t.start + t.duration + 0.02);
}

const VOICES: Record<Voice, { type: OscillatorType; volume: number }> = {
  lead: { type: 'square', volume: 0.18 },
  bass: { type: 'triangle', volume: 0.5 },
};

export function createGameAudio(options: GameAudioOptions): GameAudio {
  const createContext = options.createContext ?? browserContext;
  let sound = options.sound;
  let music = options.music;
  let ctx: AudioGraph | null = null;
  let effects: GainNode | null = null;
  let musicBus: GainNode | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let nextStep = 0;
  let nextTime = 0;

  function scheduleAhead(): void {
    if (!ctx || !musicBus) return;
    // After a long stall (a background tab) skip ahead rather than play a burst of late notes.
    if (nextTime < ctx.currentTime) nextTime = ctx.currentTime + 0.02;
    while (nextTime < ctx.currentTime + SCHEDULE_AHEAD_SECONDS) {
      for (const note of notesAtStep(nextStep)) {
        const voice = VOICES[note.voice];
        const duration = note.steps * STEP_SECONDS * 0.9;
        tone(ctx, musicBus, { ...voice, from: midiToHz(note.midi), start: nextTime, duration });
      }
      nextStep += 1;
      nextTime += STEP_SECONDS;
    }
  }

  function startMusic(): void {
    if (!ctx || timer !== null) return;
    musicBus = ctx.createGain();
    musicBus.gain.value = MUSIC_VOLUME;
    musicBus.connect(ctx.destination);
    nextStep = 0;
    nextTime = ctx.currentTime + 0.05;
    scheduleAhead();
    timer = setInterval(scheduleAhead, SCHEDULE_EVERY_MS);
  }

  function stopMusic(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
    // Disconnecting the bus silences the notes already scheduled ahead as well.
    musicBus?.disconnect();
    musicBus = null;
  }

  return {
    get unlocked() {
      return ctx !== null;
    },
    unlock() {
      if (!ctx) {
        ctx = createContext();
        if (!ctx) return;
        effects = ctx.createGain();
        effects.gain.value = EFFECTS_VOLUME;
        effects.connect(ctx.destination);
      }
      if (ctx.state === 'suspended') ctx.resume().catch(() => {});
      if (music) startMusic();
    },
    setSoundEnabled(on) {
      sound = on;
    },
    setMusicEnabled(on) {
      music = on;
      if (on) startMusic();
      else stopMusic();
    },
    play(effect, playerIndex) {
      const c = ctx;
      const bus = effects;
      if (!sound || !c || !bus || c.state !== 'running') return;
      const t = c.currentTime;
      if (effect.kind === 'hit') {
        tone(c, bus, { type: 'square', from: 520, to: 780, start: t, duration: 0.07, volume: 0.4 });
      } else if (effect.scorer === playerIndex) {
        // A point for the player: a rising major arpeggio.
        [523.25, 659.25, 783.99].forEach((hz, i) => {
          tone(c, bus, { type: 'square', from: hz, start: t + i * 0.07, duration: 0.1, volume: 0.35 });
        });
      } else {
        tone(c, bus, { type: 'triangle', from: 392, to: 110, start: t, duration: 0.4, volume: 0.6 });
      }
    },
    dispose() {
      stopMusic();
      effects?.disconnect();
      effects = null;
      ctx?.close().catch(() => {});
      ctx = null;
    },
  };
}
