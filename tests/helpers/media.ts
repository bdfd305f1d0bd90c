/**
 * Small real files for upload tests: each is recognised by its bytes the way a camera's or an
 * editor's output would be.
 */

/** A 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG of a given size: the 1px image followed by padding (decoders stop at IEND). */
export function pngOfSize(bytes: number): Buffer {
  return Buffer.concat([PNG_1PX, Buffer.alloc(Math.max(0, bytes - PNG_1PX.length))]);
}

/** The start of a WebM file: an EBML header whose DocType is "webm", then padding. */
export function webm(bytes = 256): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81,
    0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04,
    0x42, 0x85, 0x81, 0x02,
  ]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, bytes - header.length))]);
}

/** The start of an MP4 file: an `ftyp` box of brand isom. */
export function mp4(bytes = 256): Buffer {
  const header = Buffer.from([
    0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f,
    0x6d, 0x69, 0x73, 0x6f, 0x32,
  ]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, bytes - header.length))]);
}

/** The start of a QuickTime (.mov) file, which phones do not all play. */
export const MOV = Buffer.concat([
  Buffer.from([0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20, 0, 0, 2, 0]),
  Buffer.from([0x71, 0x74, 0x20, 0x20]),
  Buffer.alloc(64),
]);

export const VTT =
  'WEBVTT\n\n00:00.000 --> 00:02.000\nBienvenue au musée\n\n00:02.000 --> 00:04.000\nSalle 1\n';
export const SRT = '1\n00:00:00,000 --> 00:00:02,000\nBienvenue\n';
export const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
