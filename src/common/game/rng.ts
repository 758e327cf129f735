import type { GeneratorVersion } from './generator-versions.ts';
import { keyedDraw } from './keyed-draws.ts';
import { nextSfc32, type Sfc32State, sfc32FromSeed } from './sfc32.ts';

/**
 * The match generator: where every chance of a match comes from (who serves first, each serve's angle, a
 * level score at the final whistle), so a match is a pure function of its seed, its generator and its inputs.
 * Each record names its generator (generator-versions.ts): v1 (sfc32.ts) for matches played before draws
 * were keyed, which still replay with it; v2 (keyed-draws.ts) for every match since, no draw of which tells
 * anything of another without the seed. The state is plain data kept inside the match state, so a copy resumes anywhere.
 */
export type RngState =
  | { generator: 1; words: Sfc32State }
  /** The seed is the key; `drawn` counts the draws taken, so the next is draw number `drawn`. */
  | { generator: 2; seed: string; drawn: number };

/** A seed is 32 hex characters (128 bits); the server draws it from a cryptographic source. */
export const SEED_PATTERN = /^[0-9a-f]{32}$/;

export function rngFromSeed(seedHex: string, generator: GeneratorVersion): RngState {
  if (!SEED_PATTERN.test(seedHex)) throw new RangeError('a seed is 32 lowercase hex characters');
  return generator === 1
    ? { generator, words: sfc32FromSeed(seedHex) }
    : { generator, seed: seedHex, drawn: 0 };
}

/** Returns a uniform 32-bit unsigned integer and the next state. */
export function nextUint32(state: RngState): [number, RngState] {
  if (state.generator === 1) {
    const [n, words] = nextSfc32(state.words);
    return [n, { generator: 1, words }];
  }
  return [keyedDraw(state.seed, state.drawn), { ...state, drawn: state.drawn + 1 }];
}

/** A uniform float in [0, 1) and the next state. */
export function nextFloat(state: RngState): [number, RngState] {
  const [n, next] = nextUint32(state);
  return [n / 4294967296, next];
}
