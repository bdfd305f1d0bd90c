import { describe, expect, it } from 'vitest';
import {
  completionRate,
  completionRows,
  parseCircuits,
  parseCompletion,
  parseReading,
  readingRows,
  readingUrl,
} from './readingData.ts';

const names = { q1: 'Q1', median: 'Médiane', q3: 'Q3', readings: (n: number) => `n = ${n}` };

describe('reading time and circuit completion on the page', () => {
  it('reads only well-formed answers', () => {
    const reading = {
      languages: [{ language: 'ja', name: 'Japonais', count: 4, q1: 68, median: 75, q3: 83 }],
    };
    expect(parseReading(reading)).toEqual(reading);
    expect(parseReading({ languages: [{ language: 'ja', count: '4' }] })).toBeNull();
    expect(parseReading([])).toBeNull();
    const completion = {
      started: 2,
      completed: 1,
      days: [{ day: '2026-11-21', started: 2, completed: 1 }],
    };
    expect(parseCompletion(completion)).toEqual(completion);
    expect(parseCompletion({ started: 2, completed: 1, days: [{ day: 1 }] })).toBeNull();
    expect(parseCircuits([{ id: 3, title: 'Tour', name: 'tour' }])).toEqual([
      { id: 3, title: 'Tour' },
    ]);
    expect(parseCircuits([{ id: '3', title: 'Tour' }])).toBeNull();
  });

  it('makes chart rows: one group per language, one day per row', () => {
    const [row] = readingRows(
      { languages: [{ language: 'ja', name: 'Japonais', count: 4, q1: 68, median: 75, q3: 83 }] },
      names,
    );
    expect({ ...row }).toEqual({ formatted_date: 'Japonais (n = 4)', Q1: 68, Médiane: 75, Q3: 83 });
    const days = completionRows(
      { started: 3, completed: 1, days: [{ day: '2026-11-21', started: 3, completed: 1 }] },
      'fr',
      { started: 'Commencé', completed: 'Terminé' },
    );
    expect(days.map((d) => ({ ...d }))).toEqual([
      { formatted_date: '21 nov.', Commencé: 3, Terminé: 1 },
    ]);
    // A series named like Object's own keys is a series like any other.
    const odd = readingRows(
      { languages: [{ language: 'x', name: 'X', count: 1, q1: 1, median: 2, q3: 3 }] },
      {
        ...names,
        q1: '__proto__',
      },
    );
    expect(Object.keys(odd[0]!)).toContain('__proto__');
  });

  it('says the share that finished, and where each chart and CSV is', () => {
    expect(completionRate({ started: 0, completed: 0, days: [] })).toBeUndefined();
    expect(completionRate({ started: 3, completed: 2, days: [] })).toBe(67);
    // More ends than starts (a start counted on another day): never past 100.
    expect(completionRate({ started: 1, completed: 2, days: [] })).toBe(100);
    expect(readingUrl('reading-time', 7, { days: 30, lang: 'en', format: 'csv' })).toBe(
      '/api/stats/reading-time?format=csv&articleId=7&days=30&lang=en',
    );
    expect(readingUrl('circuit-completion', 2, { days: 10, lang: 'fr' })).toBe(
      '/api/stats/circuit-completion?circuitId=2&days=10&lang=fr',
    );
  });
});
