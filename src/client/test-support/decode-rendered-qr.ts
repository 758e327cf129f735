import decodeQR from '@paulmillr/qr/decode.js';

/** Reads back the text of a QR code drawn by ui/qr-code.tsx (one SVG path of unit squares). */
export function decodeRenderedQr(svg: SVGElement): string {
  const cells = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const scale = 4;
  const size = cells * scale;
  const data = new Uint8Array(size * size * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * size + Number(x) * scale + dx) * 4;
        data[at] = data[at + 1] = data[at + 2] = 0;
      }
  }
  return decodeQR({ width: size, height: size, data });
}
