import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';

/**
 * Generator v2: draw i of a match is HMAC-SHA256(key = the seed's 16 bytes, message = DRAW_DOMAIN followed by
 * i as 4 bytes big-endian), its first 4 bytes read big-endian as a uniform 32-bit integer. Without the
 * seed, a draw says nothing of any other draw (what HMAC is built for), so the serves a player sees do not
 * tell the serves to come, nor who wins a level score at the final whistle; with the seed revealed at game
 * over, anyone recomputes every draw. A pure-JS HMAC (@noble/hashes), so the browser's replay runs the same
 * code as the server.
 */
export const DRAW_DOMAIN = 'pong-wager match draw v2';

/** Made on first use: a page that only flies the ball (and never draws) keeps none of this at load. */
let domainBytes: Uint8Array | null = null;

/** The 16 bytes of a 32-hex-character seed. */
export function seedBytes(seedHex: string): Uint8Array {
  const bytes = new Uint8Array(seedHex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(seedHex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** The message HMAC-SHA256 signs for draw `index`: the domain, then the index as 4 bytes big-endian. */
export function drawMessage(index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) {
    throw new RangeError('a draw index is a whole number below 2^32');
  }
  domainBytes ??= new TextEncoder().encode(DRAW_DOMAIN);
  const message = new Uint8Array(domainBytes.length + 4);
  message.set(domainBytes);
  new DataView(message.buffer).setUint32(domainBytes.length, index, false);
  return message;
}

/** HMAC-SHA256 of `message` under `key` (RFC 2104 over FIPS 180-4; checked against RFC 4231's vectors). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(sha256, key, message);
}

/** Draw `index` of the match with this seed: a uniform 32-bit unsigned integer. */
export function keyedDraw(seedHex: string, index: number): number {
  const mac = hmacSha256(seedBytes(seedHex), drawMessage(index));
  return new DataView(mac.buffer, mac.byteOffset, 4).getUint32(0, false);
}
