import { create } from 'qrcode';

/**
 * A QR code drawn here, as SVG squares, from the text (the authenticator's otpauth:// address):
 * the secret never leaves the page for an image service.
 */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 4;
  const cells: string[] = [];
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (modules.get(row, col)) cells.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }
  }
  const side = count + quiet * 2;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
