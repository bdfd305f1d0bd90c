import qrcode from 'qrcode-generator';

/**
 * The 'Test it' QR code drawn at build time as one SVG path (no script, no canvas): the same
 * error correction level as the staff's codes (Q) and a quiet zone of `margin` modules.
 */
export function qrSvgPath(text: string, margin = 2): { path: string; size: number } {
  const code = qrcode(0, 'Q');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) parts.push(`M${col + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), size: count + 2 * margin };
}
