import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from './schema.ts';
import { uniqueName } from './service.ts';

describe('uniqueName', () => {
  it('keeps a free name, else numbers it from 2', () => {
    expect(uniqueName('Salle 1', new Set())).toBe('Salle 1');
    expect(uniqueName('Salle 1', new Set(['Salle 1']))).toBe('Salle 1 (2)');
    expect(uniqueName('Salle 1', new Set(['Salle 1', 'Salle 1 (2)']))).toBe('Salle 1 (3)');
  });

  it('stays within the length a name may have', () => {
    const long = 'x'.repeat(MAX_NAME_LENGTH);
    const named = uniqueName(long, new Set([long]));
    expect(named).toHaveLength(MAX_NAME_LENGTH);
    expect(named.endsWith(' (2)')).toBe(true);
  });
});
