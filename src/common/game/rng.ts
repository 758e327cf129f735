/**
 * A small seeded generator (sfc32) whose whole state is four 32-bit words kept inside the match state, so a
 * match is a pure function of its seed and inputs. Only integer operations: identical on every engine.
 */
export type RngState = readonly [number, number, number, number];

/** A seed is 32 hex characters (128 bits); the server draws it from a cryptographic source. */
export const SEED_PATTERN = /^[0-9a-f]{32}$/;

export function rngFromSeed(seedHex: string): RngState {
  if (!SEED_PATTERN.test(seedHex)) throw new RangeError('a seed is 32 lowercase hex characters');
  const words = [0, 8, 16, 24].map((i) => Number.parseInt(seedHex.slice(i, i + 8), 16) | 0);
  let state: RngState = [words[0]!, words[1]!, words[2]!, words[3]! | 1];
  // Mix the seed in before the first value is used.
  for (let i = 0; i < 12; i++) state = nextUint32(state)[1];
  return state;
}

/** Returns a uniform 32-bit unsigned integer and the next state. */
export function nextUint32(state: RngState): [number, RngState] {
  let [a, b, c, d] = state;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return [t >>> 0, [a, b, c, d]];
}

/** A uniform float in [0, 1) and the next state. */
export function nextFloat(state: RngState): [number, RngState] {
  const [n, next] = nextUint32(state);
  return [n / 4294967296, next];
}
