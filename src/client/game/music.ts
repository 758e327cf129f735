/**
 * The game's music loop, composed here as data (no audio files): two bars of a chiptune in A minor over
 * Am–F–C–G, a square-wave arpeggio over a triangle bass bouncing in octaves, 16th notes at 132 BPM. audio.ts
 * plays it with the AudioContext clock; this file is pure and says only which notes sound at which step.
 */

export const MUSIC_BPM = 132;
/** One 16th note. */
export const STEP_SECONDS = 60 / MUSIC_BPM / 4;
export const LOOP_STEPS = 32;

export type Voice = 'lead' | 'bass';

export interface Note {
  voice: Voice;
  /** MIDI note number (69 is A4, 440 Hz). */
  midi: number;
  /** Length in steps. */
  steps: number;
}

/** Root, third, fifth and octave of each chord, as MIDI numbers in the lead's register. */
const CHORDS: readonly (readonly [number, number, number, number])[] = [
  [69, 72, 76, 81], // Am
  [65, 69, 72, 77], // F
  [72, 76, 79, 84], // C
  [67, 71, 74, 79], // G
];
/** Which chord tone the lead plays on each of a chord's 8 steps; null rests. The last chord turns around. */
const ARPEGGIO: readonly (number | null)[] = [0, 1, 2, 3, 2, 1, 2, null];
const TURNAROUND: readonly (number | null)[] = [0, 1, 2, 3, 3, 2, 1, null];

function compose(): readonly (readonly Note[])[] {
  const steps: Note[][] = Array.from({ length: LOOP_STEPS }, () => []);
  CHORDS.forEach((chord, c) => {
    const pattern = c === CHORDS.length - 1 ? TURNAROUND : ARPEGGIO;
    pattern.forEach((tone, i) => {
      const midi = tone === null ? undefined : chord[tone];
      if (midi !== undefined) steps[c * 8 + i]?.push({ voice: 'lead', midi, steps: 1 });
    });
    // The bass plays 8th notes, root two octaves down then one octave down.
    for (let i = 0; i < 8; i += 2) {
      steps[c * 8 + i]?.push({ voice: 'bass', midi: chord[0] - (i % 4 === 0 ? 24 : 12), steps: 2 });
    }
  });
  return steps;
}

const LOOP = compose();

/** The notes starting at `step` (any integer: the loop repeats every LOOP_STEPS). */
export function notesAtStep(step: number): readonly Note[] {
  return LOOP[((step % LOOP_STEPS) + LOOP_STEPS) % LOOP_STEPS] ?? [];
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}
