import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * Frames of a page as the screen shows them, from Chromium's screencast (CDP), with the time each
 * was shown; then a constant-rate sequence for ffmpeg. Playwright's own video recording needs an
 * ffmpeg build of its own, which cannot be downloaded here.
 */

export interface Frame {
  file: string;
  /** Seconds (the screencast's clock) when the frame was shown. */
  at: number;
}

export interface Capture {
  /** Stops and answers the frames, plus the time the recording ended. */
  stop(): Promise<{ frames: Frame[]; endAt: number }>;
}

export async function startCapture(
  context: BrowserContext,
  page: Page,
  dir: string,
  size: { width: number; height: number },
): Promise<Capture> {
  fs.mkdirSync(dir, { recursive: true });
  const cdp = await context.newCDPSession(page);
  const frames: Frame[] = [];
  let last = 0;
  cdp.on('Page.screencastFrame', (event) => {
    const file = path.join(dir, `raw-${String(frames.length).padStart(5, '0')}.jpg`);
    fs.writeFileSync(file, Buffer.from(event.data, 'base64'));
    const at = event.metadata.timestamp ?? Date.now() / 1000;
    last = Math.max(last, at);
    frames.push({ file, at });
    void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 92,
    maxWidth: size.width,
    maxHeight: size.height,
    everyNthFrame: 1,
  });
  return {
    async stop() {
      const endAt = Math.max(Date.now() / 1000, last + 0.05);
      await cdp.send('Page.stopScreencast');
      await cdp.detach();
      return { frames, endAt };
    },
  };
}

/**
 * Frames at a constant rate (each the last one shown at that instant), hard-linked as
 * `seq-00000.jpg`…, from `from` (seconds, default the first frame) to `endAt`. Answers the
 * printf pattern ffmpeg reads and how many frames it holds.
 */
export function constantRate(
  frames: Frame[],
  endAt: number,
  fps: number,
  dir: string,
  from = frames[0]?.at ?? 0,
): { pattern: string; count: number } {
  const sorted = [...frames].sort((a, b) => a.at - b.at);
  if (sorted.length === 0) throw new Error('The screencast sent no frame.');
  const count = Math.max(1, Math.round((endAt - from) * fps));
  let index = 0;
  for (let n = 0; n < count; n++) {
    const time = from + n / fps;
    while (index + 1 < sorted.length && sorted[index + 1]!.at <= time) index++;
    fs.linkSync(sorted[index]!.file, path.join(dir, `seq-${String(n).padStart(5, '0')}.jpg`));
  }
  return { pattern: path.join(dir, 'seq-%05d.jpg'), count };
}
