import encodeQR from '@paulmillr/qr';
import { useMemo } from 'react';

/**
 * A QR code of `text`, drawn as one SVG path of its dark modules on a white square with the quiet zone a
 * phone's camera needs. Import it from a lazily loaded chunk: the encoder is not needed on first paint.
 */
export function QrCode({
  text,
  size,
  label,
  testId,
}: {
  text: string;
  size: number;
  label: string;
  testId: string;
}) {
  const { cells, path } = useMemo(() => {
    const rows = encodeQR(text, 'raw', { ecc: 'medium', border: 2 });
    const d = rows.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
    return { cells: rows.length, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      viewBox={`0 0 ${cells} ${cells}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded bg-white"
    >
      <rect width={cells} height={cells} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
