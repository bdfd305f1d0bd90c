import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * ffmpeg for the demo media: a frame sequence to WebM (VP9) and MP4 (H.264, for old iPhones),
 * and a still to WebP, each made again at a lower quality until it fits its size budget.
 */

export function requireFfmpeg(): void {
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'ffmpeg is missing. Install it (a developer tool, not a dependency of Legenda), e.g. on ' +
        'Debian or Ubuntu: sudo apt-get install -y ffmpeg. Then run npm run demo:record again.',
    );
  }
  const encoders = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' }).stdout;
  for (const name of ['libvpx-vp9', 'libx264', 'libwebp']) {
    if (!encoders.includes(name)) throw new Error(`This ffmpeg has no ${name} encoder.`);
  }
}

function ffmpeg(args: string[]): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    throw new Error(`ffmpeg ${args.join(' ')} failed:\n${run.stderr.slice(-2000)}`);
  }
}

/** Tries qualities from best to worst; keeps the first output within `budget` bytes. */
function withinBudget(out: string, budget: number, steps: number[], make: (q: number) => void) {
  for (const step of steps) {
    make(step);
    const size = fs.statSync(out).size;
    if (size <= budget) return { size, step };
  }
  throw new Error(`${out} stays over ${budget} bytes even at the lowest quality tried.`);
}

export interface VideoInput {
  /** printf pattern of the frames, e.g. /tmp/x/seq-%05d.jpg */
  pattern: string;
  fps: number;
  width: number;
  height: number;
  /** Where the encoder may leave its scratch files (VP9's two-pass log). */
  workDir: string;
}

/** The screencast's frames, scaled to the video's size: where both encodings start. */
const frames = (v: VideoInput) => [
  '-framerate',
  String(v.fps),
  '-i',
  v.pattern,
  '-vf',
  `scale=${v.width}:${v.height}:flags=lanczos,format=yuv420p`,
];

export function encodeWebm(input: VideoInput, out: string, budget: number) {
  const passlog = path.join(input.workDir, 'vp9-pass');
  return withinBudget(out, budget, [36, 40, 44, 48], (crf) => {
    const common = [
      ...frames(input),
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      String(crf),
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '3',
      '-g',
      String(input.fps * 5),
      '-passlogfile',
      passlog,
      '-an',
    ];
    ffmpeg([...common, '-pass', '1', '-f', 'null', '/dev/null']);
    ffmpeg([...common, '-pass', '2', out]);
  });
}

export function encodeMp4(input: VideoInput, out: string, budget: number) {
  return withinBudget(out, budget, [27, 30, 33, 36], (crf) =>
    ffmpeg([
      ...frames(input),
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-level',
      '4.0',
      '-preset',
      'slower',
      '-tune',
      'stillimage',
      '-crf',
      String(crf),
      '-g',
      String(input.fps * 5),
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      out,
    ]),
  );
}

export function encodeWebp(input: string, out: string, width: number, budget: number) {
  return withinBudget(out, budget, [82, 76, 70, 62, 54, 46], (quality) =>
    ffmpeg([
      '-i',
      input,
      '-vf',
      `scale=${width}:-2:flags=lanczos`,
      '-c:v',
      'libwebp',
      '-preset',
      'text',
      '-quality',
      String(quality),
      '-compression_level',
      '6',
      '-frames:v',
      '1',
      out,
    ]),
  );
}
