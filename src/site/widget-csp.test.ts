import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bookingFrameDirectives,
  calendlyStyleText,
  sha256,
  widgetStyleHashes,
} from './widget-csp.ts';

/** Just enough of `document` for the libraries to add their <style>: records its text. */
function recordingDocument(texts: string[]) {
  const style = () => ({
    type: '',
    setAttribute() {},
    appendChild(node: { text: string }) {
      texts.push(node.text);
    },
  });
  return {
    createElement: style,
    createTextNode: (text: string) => ({ text }),
    head: { appendChild() {}, insertBefore() {}, firstChild: null },
    getElementsByTagName: () => [],
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CSP for the landing widgets', () => {
  it('hashes the very <style> text react-calendly adds when it loads', async () => {
    const texts: string[] = [];
    vi.stubGlobal('document', recordingDocument(texts));
    await import('react-calendly');
    expect(texts).toEqual([calendlyStyleText()]);
    expect(widgetStyleHashes()).toEqual([sha256(texts[0] ?? ''), sha256('')]);
  });

  it('frames this site and the booking page’s origin only', () => {
    expect(bookingFrameDirectives('https://calendly.com/legenda/demo?month=2026-01')).toEqual([
      "frame-src 'self' https://calendly.com",
    ]);
    expect(bookingFrameDirectives('http://127.0.0.1:4398/booking')).toEqual([
      "frame-src 'self' http://127.0.0.1:4398",
    ]);
    expect(bookingFrameDirectives(undefined)).toEqual(["frame-src 'self'"]);
  });
});
