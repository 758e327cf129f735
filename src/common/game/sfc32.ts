/**
 * Generator v1, sfc32: the generator of every match played before draws were keyed (see rng.ts). It is not
 * cryptographic: its four-word state follows from a few of its outputs, and each serve's draw is readable
 * from the ball the serve sends, so a player could predict the rest of a match. It stays only so that the
 * matches recorded with it still replay and verify exactly; no new match draws from it.
 */
export type Sfc32State = readonly [number, number, number, number];

export function sfc32FromSeed(seedHex: string): Sfc32State {
  const words = [0, 8, 16, 24].map((i) => Number.parseInt(seedHex.slice(i, i + 8), 16) | 0);
  let state: Sfc32State = [words[0]!, words[1]!, words[2]!, words[3]! | 1];
  // Mix the seed in before the first value is used.
  for (let i = 0; i < 12; i++) state = nextSfc32(state)[1];
  return state;
}

/** Returns a uniform 32-bit unsigned integer and the next state. Only integer operations. */
export function nextSfc32(state: Sfc32State): [number, Sfc32State] {
  let [a, b, c, d] = state;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return [t >>> 0, [a, b, c, d]];
}
