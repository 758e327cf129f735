/**
 * The versions of the match generator (rng.ts), apart from the generators themselves so that the wire's
 * schemas can name them without bringing a hash function into every page. A record names its version:
 * v1 (sfc32) drew every match played before draws were keyed, and those records still replay with it;
 * v2 (HMAC-SHA256 draws keyed by the seed) draws every match since.
 */
export const GENERATOR_VERSIONS = [1, 2] as const;
export type GeneratorVersion = (typeof GENERATOR_VERSIONS)[number];

/** The generator new matches draw from. */
export const CURRENT_GENERATOR: GeneratorVersion = 2;

/** How Verify and the replay name a record's generator. */
export const GENERATOR_NAMES: Record<GeneratorVersion, string> = {
  1: 'generator v1 (sfc32, as matches were drawn before draws were keyed)',
  2: 'generator v2 (HMAC-SHA256 draws keyed by the seed)',
};
