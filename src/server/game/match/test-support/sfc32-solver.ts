import { MAX_SERVE_SLOPE } from '../../../../common/game/constants.ts';
import { nextSfc32, type Sfc32State } from '../../../../common/game/sfc32.ts';

/**
 * The attack on generator v1 (sfc32) that keyed draws answer, kept as test support: the serve's draw read
 * back from the exact ball a serve event carries, and sfc32's whole state recovered from five consecutive
 * draws, so every later draw (each serve, a level score at the final whistle) is known in advance.
 */

/** The draw behind a serve, from the ball it sent: slope = (2·draw/2³² − 1) · MAX_SERVE_SLOPE (physics.ts). */
export function drawOfServe(ball: readonly [number, number, number, number]): number {
  const [, , vx, vy] = ball;
  // velocity(): |vx| = speed / √(1 + slope²) and vy = slope · |vx|.
  const r = vy / Math.abs(vx) / MAX_SERVE_SLOPE;
  return Math.round(((r + 1) / 2) * 4294967296) >>> 0;
}

const xorShift9 = (x: number) => (x ^ (x >>> 9)) | 0;
const unXorShift9 = (y: number) => (y ^ (y >>> 9) ^ (y >>> 18) ^ (y >>> 27)) | 0;
const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));
const times9 = (x: number) => Math.imul(9, x);
/** What sfc32 adds of c into the output two and three draws on: t₃ = G(c₁) + 9t₁ + d₁ + 2. */
const g = (c: number) => (xorShift9(times9(c)) + times9(rotl(c, 21))) | 0;

/**
 * Every sfc32 state (at the first of them) that outputs `draws` (at least five consecutive 32-bit draws).
 * Three draws on, c₂ = rotl(c₁, 21) + t₁ and t₄ − t₃ = G(c₂) − G(c₁) + 9t₂ − 9t₁ + 1, an equation in c₁
 * alone. Written in r = rotl(c₁, 21), its low k bits depend only on r's top 11 bits and its bits below k + 11,
 * so r is found bit by bit from the bottom once its top 11 are guessed, each new bit checked against one
 * more bit of the equation: about 2²⁷ steps instead of 2³². Then d₁, b₁ and a₁ follow from t₃, t₂ and t₁,
 * and the fifth draw on weeds out the rare false c₁.
 */
export function recoverSfc32(draws: readonly number[]): Sfc32State[] {
  if (draws.length < 5) throw new RangeError('five consecutive draws are needed');
  const [t1, t2, t3, t4] = draws.map((t) => t | 0) as [number, number, number, number];
  const target = (t4 - t3 - times9(t2) + times9(t1) - 1) | 0;
  const found: Sfc32State[] = [];
  let level = new Int32Array(1 << 13);
  let next = new Int32Array(1 << 13);
  for (let top = 0; top < 1 << 11; top++) {
    level[0] = top << 21;
    let size = 1;
    for (let m = 1; m <= 21; m++) {
      const bits = m === 21 ? 32 : Math.max(0, m - 11);
      const mask = bits === 32 ? -1 : (1 << bits) - 1;
      const bit = 1 << (m - 1);
      if (next.length < 2 * size) next = new Int32Array(4 * size);
      let kept = 0;
      for (let i = 0; i < 2 * size; i++) {
        const r = (i & 1) === 0 ? level[i >> 1]! : level[i >> 1]! | bit;
        // The equation G(c₂) − G(c₁) = target, in r, on its low `bits` bits.
        const c2 = (r + t1) | 0;
        const x2 = Math.imul(9, c2);
        const c1 = (r << 11) | (r >>> 21);
        const x1 = Math.imul(9, c1);
        const r2 = (c2 << 21) | (c2 >>> 11);
        const lhs = ((x2 ^ (x2 >>> 9)) + Math.imul(9, r2) - (x1 ^ (x1 >>> 9)) - Math.imul(9, r) - target) | 0;
        if ((lhs & mask) === 0) next[kept++] = r;
      }
      [level, next] = [next, level];
      size = kept;
      if (size === 0) break;
    }
    for (let i = 0; i < size; i++) {
      const state = stateFrom(rotl(level[i]!, 11), t1, t2, t3);
      if (outputs(state, draws.length).every((t, k) => t === draws[k]! >>> 0)) found.push(state);
    }
  }
  return found;
}

function stateFrom(c1: number, t1: number, t2: number, t3: number): Sfc32State {
  const d1 = (t3 - times9(t1) - 2 - g(c1)) | 0;
  const b1 = unXorShift9((t2 - times9(c1) - d1 - 1) | 0);
  const a1 = (t1 - b1 - d1) | 0;
  return [a1, b1, c1, d1];
}

/** The next `n` draws of sfc32 from `state`. */
export function outputs(state: Sfc32State, n: number): number[] {
  const out: number[] = [];
  let s = state;
  for (let i = 0; i < n; i++) {
    const [t, after] = nextSfc32(s);
    out.push(t);
    s = after;
  }
  return out;
}
