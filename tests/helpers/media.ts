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

/**
 * A real WAV file: 8 kHz mono 16-bit PCM, a quiet 440 Hz tone of `seconds`, which a
 * browser plays; its size is 44 + 16,000 bytes a second.
 */
export function wav(seconds = 1): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28); // bytes a second
  out.writeUInt16LE(2, 32); // bytes a frame
  out.writeUInt16LE(16, 34); // bits a sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    out.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return out;
}

/** MP3 frames (MPEG-1 Layer III, 128 kbit/s, 44.1 kHz), after an ID3 tag when `id3`. */
export function mp3(bytes = 4096, id3 = false): Buffer {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  const frames = Buffer.concat(Array.from({ length: Math.ceil(bytes / 417) }, () => frame));
  const tag = id3
    ? Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)])
    : Buffer.alloc(0);
  return Buffer.concat([tag, frames]).subarray(0, Math.max(bytes, tag.length + 417));
}

/** The start of an M4A file (AAC in MP4): an `ftyp` box of brand 'M4A '. */
export function m4a(bytes = 256): Buffer {
  const header = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypM4A ', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('M4A isom', 'latin1'),
  ]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, bytes - header.length))]);
}

/** The first Ogg page of a stream whose codec header starts with `codec`. */
function oggStart(codec: string, bytes: number): Buffer {
  const page = Buffer.concat([
    Buffer.from('OggS', 'latin1'),
    Buffer.from([0, 2]), // version, first page
    Buffer.alloc(8 + 4 + 4 + 4), // granule position, serial, sequence, checksum
    Buffer.from([1, 19]), // one segment of 19 bytes
    Buffer.from(codec, 'latin1'),
  ]);
  return Buffer.concat([page, Buffer.alloc(Math.max(0, bytes - page.length))]);
}

/** The start of an Ogg Opus file. */
export const opus = (bytes = 256) => oggStart('OpusHead\x01\x01', bytes);
/** The start of an Ogg Vorbis file. */
export const oggVorbis = (bytes = 256) => oggStart('\x01vorbis', bytes);
/** The start of an Ogg Speex file, which browsers do not play. */
export const oggSpeex = (bytes = 256) => oggStart('Speex   ', bytes);
