import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { UI_KEYS, UI_STRINGS, placeholders } from './render/strings.ts';
import { speechHref } from './render/listen.ts';
import { LISTEN_SCRIPT } from './render/document.ts';

/**
 * What a circuit's save keeps (public/offline-plan.js), run as it is in a model of a page: the
 * list made from what each stop's page shows (audio files, the server's sounds per stop and
 * language, videos apart with their sizes) and what the block then says.
 */

const ORIGIN = 'https://museum.example';

interface Found {
  audio?: string[];
  listen?: { server?: string; blocks?: string; voice?: string; lang?: string; script?: string };
  videos?: string[];
  tracks?: string[];
  links?: string[];
}
interface Saves {
  audio: string[];
  sounds: string[];
  videos: string[];
  tracks: string[];
  scripts: string[];
  elsewhere: number;
}
interface Record {
  stops: number;
  sounds: string[];
  videos: string[];
  videoBytes: number;
  videosSaved: boolean;
  bytes: number;
  failed: number;
  total: number;
  skipped: number;
  elsewhere: number;
}
interface Offline {
  savesOf(found: Found, own: (lang: string) => boolean): Saves;
  planOf(stops: Saves[]): Saves;
  videoBytes(lengths: (string | null)[]): number;
  summary(
    words: { [key: string]: string },
    record: Record,
    lang: string,
  ): { status: string; notes: string };
}

const offline = (() => {
  const context = vm.createContext({
    location: new URL(`${ORIGIN}/circuit?name=c&lang=ar`),
    URL,
    Intl,
  });
  vm.runInContext(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/offline-plan.js'), 'utf8'),
    context,
  );
  return vm.runInContext('LegendaOfflinePlan', context) as Offline;
})();

const noVoice = () => false;
/** The Listen block's data as a stop's page writes it (render/listen.ts). */
const listen = (name: string, lang: string, blocks: number[], voice = 'browser') => ({
  server: speechHref({ name, lang, ignoreStats: false }),
  blocks: blocks.join(','),
  voice,
  lang,
  script: LISTEN_SCRIPT,
});

describe('what a stop’s page asks to save', () => {
  it('its audio files, the sounds its Listen would fetch in the visitor’s language, videos apart', () => {
    const saves = offline.savesOf(
      {
        audio: ['/media/3/audio/Ab12.wav', '/media/3/audio/Ab12.wav', '/media/3/audio/Cd34.mp3'],
        // Block 0: the public title, read first.
        listen: listen('salle-3', 'ar', [0, 1, 3, 4]),
        videos: ['/media/3/film.mp4#t=0.001'],
        tracks: ['/media/3/film.vtt'],
        links: ['https://www.youtube.com/watch?v=x', 'https://vimeo.com/1', 'https://example.org/'],
      },
      noVoice,
    );
    expect(saves).toEqual({
      audio: ['/media/3/audio/Ab12.wav', '/media/3/audio/Cd34.mp3'],
      sounds: [0, 1, 3, 4].map((b) => `/speech?name=salle-3&lang=ar&block=${b}`),
      // The fragment the page adds for Safari's first frame is no part of the file.
      videos: ['/media/3/film.mp4'],
      tracks: ['/media/3/film.vtt'],
      scripts: [LISTEN_SCRIPT],
      elsewhere: 2,
    });
  });

  it('the server’s sounds only where Listen uses them on this phone: the museum’s choice, or no voice of its own', () => {
    const own = (lang: string) => lang === 'ja';
    expect(offline.savesOf({ listen: listen('a', 'ja', [1]) }, own).sounds).toEqual([]);
    expect(offline.savesOf({ listen: listen('a', 'ja', [1], 'server') }, own).sounds).toEqual([
      '/speech?name=a&lang=ja&block=1',
    ]);
    expect(offline.savesOf({ listen: listen('a', 'ar', [2]) }, own).sounds).toEqual([
      '/speech?name=a&lang=ar&block=2',
    ]);
    // No speech engine (no data-server): none, whatever the voice; the Listen script all the same.
    const browserOnly = { ...listen('a', 'ar', [1]), server: undefined };
    expect(offline.savesOf({ listen: browserOnly }, noVoice)).toMatchObject({
      sounds: [],
      scripts: [LISTEN_SCRIPT],
    });
    // No Listen block (nothing to read): nothing.
    expect(offline.savesOf({}, noVoice)).toEqual({
      audio: [],
      sounds: [],
      videos: [],
      tracks: [],
      scripts: [],
      elsewhere: 0,
    });
  });

  it('takes only uploads and sounds of this site: bad or hostile values are left out', () => {
    const saves = offline.savesOf(
      {
        audio: [
          'https://evil.example/media/1/a.wav',
          '//evil.example/media/1/a.wav',
          '/media/../admin/a.wav',
          '/article?name=a',
          'javascript:alert(1)',
          '',
          `${ORIGIN}/media/1/ok.wav`,
        ],
        listen: {
          server: 'https://evil.example/speech?name=a&lang=ar&block=',
          blocks: '1',
          lang: 'ar',
          script: 'https://evil.example/listen.js',
        },
        videos: ['https://evil.example/film.mp4', '/speech?name=a&lang=ar&block=1'],
        links: [
          'javascript:alert(1)',
          'not a url',
          'https://youtube.com.evil.example/x',
          'ftp://vimeo.com/x',
        ],
      },
      noVoice,
    );
    expect(saves).toEqual({
      audio: ['/media/1/ok.wav'],
      sounds: [],
      videos: [],
      tracks: [],
      scripts: [],
      elsewhere: 0,
    });
    // Blocks not written as the page writes them, or an address not ending as speechHref's.
    const odd = offline.savesOf(
      { listen: { ...listen('a', 'ar', []), blocks: '1,01,1e0,-2,x,,99999,100000,1' } },
      noVoice,
    );
    expect(odd.sounds).toEqual([
      '/speech?name=a&lang=ar&block=1',
      '/speech?name=a&lang=ar&block=99999',
    ]);
    const elsewhere = { ...listen('a', 'ar', [1]), server: '/article?name=a&block=' };
    expect(offline.savesOf({ listen: elsewhere }, noVoice).sounds).toEqual([]);
  });
});

describe('a circuit’s list', () => {
  it('every stop’s, each file once (a recording two stops share), the videos apart', () => {
    const stops = [
      offline.savesOf(
        {
          audio: ['/media/1/a.wav'],
          listen: listen('s1', 'ar', [1, 2]),
          links: ['https://youtu.be/x'],
        },
        noVoice,
      ),
      offline.savesOf(
        {
          audio: ['/media/1/a.wav', '/media/2/b.wav'],
          listen: listen('s2', 'ar', [1]),
          videos: ['/media/2/v.mp4'],
        },
        noVoice,
      ),
      offline.savesOf({ links: ['https://vimeo.com/2'] }, noVoice),
    ];
    expect(offline.planOf(stops)).toEqual({
      audio: ['/media/1/a.wav', '/media/2/b.wav'],
      sounds: [
        '/speech?name=s1&lang=ar&block=1',
        '/speech?name=s1&lang=ar&block=2',
        '/speech?name=s2&lang=ar&block=1',
      ],
      videos: ['/media/2/v.mp4'],
      tracks: [],
      scripts: [LISTEN_SCRIPT],
      elsewhere: 2,
    });
    expect(offline.planOf([])).toMatchObject({ audio: [], sounds: [], videos: [], elsewhere: 0 });
  });

  it('weighs the videos by their Content-Length, an unknown or bad one counting nothing', () => {
    expect(offline.videoBytes(['48000000', '1000000'])).toBe(49_000_000);
    expect(offline.videoBytes([null, '', 'abc', '-5', '1e3', '12.5', '9'.repeat(20), '7'])).toBe(
      1007,
    );
    expect(offline.videoBytes([])).toBe(0);
  });
});

describe('what the block says', () => {
  const words = (lang: string) => {
    const ui = UI_STRINGS[lang]!;
    return {
      saved: ui.offlineSaved,
      savedVideos: ui.offlineSavedVideos,
      failed: ui.offlineFailed,
      soundsLater: ui.offlineSoundsLater,
      elsewhere: ui.offlineVideosElsewhere,
    };
  };
  const record: Record = {
    stops: 12,
    sounds: Array.from({ length: 9 }, (_, i) => `/speech?name=a&lang=en&block=${i + 1}`),
    videos: ['/media/1/v.mp4', '/media/2/w.mp4'],
    videoBytes: 48_000_000,
    videosSaved: false,
    bytes: 31_000_000,
    failed: 0,
    total: 13,
    skipped: 0,
    elsewhere: 0,
  };

  it('what was saved and its size, the videos once saved', () => {
    expect(offline.summary(words('en'), record, 'en')).toEqual({
      status: 'Saved for offline reading. Stops: 12. Sounds: 9. Size: 31 MB.',
      notes: '',
    });
    expect(offline.summary(words('en'), { ...record, videosSaved: true }, 'en').status).toBe(
      'Saved for offline reading. Stops: 12. Sounds: 9. Videos: 2. Size: 79 MB.',
    );
    // In the visitor's units (a narrow no-break space before them, as French writes it).
    expect(offline.summary(words('fr'), { ...record, bytes: 850_000 }, 'fr').status).toMatch(
      /^Enregistré pour la lecture hors ligne\. Étapes\u00a0: 12\. Sons\u00a0: 9\. Taille\u00a0: 850\sko\.$/,
    );
  });

  it('the sounds not made yet, the videos elsewhere, or what is missing', () => {
    expect(offline.summary(words('en'), { ...record, skipped: 3, elsewhere: 1 }, 'en')).toEqual({
      status: 'Saved for offline reading. Stops: 12. Sounds: 9. Size: 31 MB.',
      notes:
        'Sounds not made yet: 3. Save again in a few minutes to add them. ' +
        'Videos on other sites (YouTube, Vimeo) cannot be saved: 1.',
    });
    expect(offline.summary(words('en'), { ...record, failed: 2 }, 'en').status).toMatch(
      /^Could not save everything \(missing: 2 of 13\)/,
    );
  });

  it('has its words in every visitor language, with the placeholders offline.js fills', () => {
    const expected: Partial<{ [key in (typeof UI_KEYS)[number]]: string[] }> = {
      offlineSaved: ['size', 'sounds', 'stops'],
      offlineSavedVideos: ['size', 'sounds', 'stops', 'videos'],
      offlineSoundsLater: ['skipped'],
      offlineVideosAsk: ['size'],
      offlineVideosSave: [],
      offlineVideosElsewhere: ['count'],
      offlineRemove: [],
      offlineRemoved: [],
    };
    for (const [lang, ui] of Object.entries(UI_STRINGS)) {
      for (const [key, names] of Object.entries(expected)) {
        const text = ui[key as keyof typeof expected];
        expect(text, `${lang}.${key}`).toMatch(/\S/);
        expect(placeholders(text), `${lang}.${key}`).toEqual(names);
      }
    }
  });
});
