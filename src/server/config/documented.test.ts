import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.ts';

/**
 * Every setting the schema reads is described where an operator looks for it: the settings table
 * of docs/configuration.md and .env.example; and neither names a setting that no longer exists.
 */

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const NAME = /`([A-Z][A-Z0-9_]*)`/g;

/** The names in the first cell of each row of the settings table (one row may name several). */
function tableSettings(markdown: string): string[] {
  const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
  // The header row and the |---| line name no setting.
  return rows.slice(2).flatMap((row) => {
    const first = row.split('|')[1] ?? '';
    return [...first.matchAll(NAME)].map((m) => m[1] ?? '');
  });
}

/** The names of the `NAME=` lines of an env file, commented out or not. */
function envFileSettings(text: string): string[] {
  return [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? '');
}

const schemaKeys = Object.keys(envSchema.shape).sort();
const unique = (names: string[]) => [...new Set(names)].sort();

describe('the settings, as documented', () => {
  it("docs/configuration.md's table names every setting of the schema, and no other", () => {
    const table = tableSettings(read('docs/configuration.md'));
    expect(table.length).toBe(new Set(table).size);
    expect(unique(table)).toEqual(schemaKeys);
  });

  it('.env.example names every setting of the schema, and no other', () => {
    expect(unique(envFileSettings(read('.env.example')))).toEqual(schemaKeys);
  });

  it('reads the first cell of each row only', () => {
    const markdown = [
      '| Setting | Default | What it does |',
      '| --- | --- | --- |',
      '| `A_B`, `C` | `1` | Like `NOT_THIS`. |',
    ].join('\n');
    expect(tableSettings(markdown)).toEqual(['A_B', 'C']);
  });
});
