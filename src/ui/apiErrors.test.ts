import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json' with { type: 'json' };
import fr from '../i18n/fr.json' with { type: 'json' };
import { t as translate } from '../i18n/index.ts';
import type { Lang } from '../i18n/paths.ts';
import type { TFn } from '../i18n/react.ts';
import { apiErrorMessage } from './apiErrors.ts';

const tOf =
  (lang: Lang): TFn =>
  (key, vars) =>
    translate(lang, key, vars);
const answer = (code: string, details?: unknown) => ({
  body: { error: { code, message: 'The English words for API users.', details } },
});

/** Every source file of src/ but tests. */
function sources(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The codes thrown in src/ (new ApiError(status, 'code', …), notFound(), unauthorized()). */
function thrownCodes(): Set<string> {
  const codes = new Set<string>();
  for (const path of sources()) {
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(/new ApiError\(\s*\d{3},\s*'([a-z_]+)'/g)) {
      codes.add(match[1] ?? '');
    }
    if (/\bnotFound\(/.test(text)) codes.add('not_found');
    if (/\bunauthorized\(/.test(text)) codes.add('unauthorized');
  }
  return codes;
}

describe('API errors in the interface language', () => {
  it('finds the codes thrown in src/', () => {
    const codes = thrownCodes();
    // A sanity check on the scan itself: these are known to be thrown.
    for (const code of ['url_taken', 'unsupported_type', 'invalid_subtitles', 'not_found']) {
      expect(codes).toContain(code);
    }
    expect(codes.size).toBeGreaterThan(20);
  });

  it('has a French and an English message for every code thrown in src/', () => {
    for (const code of thrownCodes()) {
      expect(fr.apiErrors, `fr: apiErrors.${code}`).toHaveProperty(code);
      expect(en.apiErrors, `en: apiErrors.${code}`).toHaveProperty(code);
    }
  });

  it('has a message for every reason an upload gives', () => {
    const text = readFileSync('src/features/uploads/detect.ts', 'utf8');
    const keys = [
      ...[...text.matchAll(/unsupported\(\s*'([a-z_]+)'/g)].map((m) => `unsupported_type_${m[1]}`),
      ...[...text.matchAll(/reason: '([a-z_]+)'/g)].map((m) => `invalid_subtitles_${m[1]}`),
    ];
    // Processing an image (images.ts) has reasons of its own.
    const images = readFileSync('src/features/uploads/images.ts', 'utf8');
    keys.push(...[...images.matchAll(/reason: '([a-z_]+)'/g)].map((m) => `invalid_image_${m[1]}`));
    expect(keys).toHaveLength(14);
    for (const key of keys) {
      expect(fr.apiErrors, `fr: ${key}`).toHaveProperty(key);
      expect(en.apiErrors, `en: ${key}`).toHaveProperty(key);
    }
  });

  it('says a HEIC photo and too many pixels in the curator’s words', () => {
    expect(apiErrorMessage(tOf('en'), answer('unsupported_type', { reason: 'heic' }))).toBe(
      'HEIC photos are not accepted: use JPEG, PNG, WebP, AVIF or GIF (a phone can save its photos as JPEG).',
    );
    const pixels = answer('invalid_image', { reason: 'pixels', megapixels: 100 });
    expect(apiErrorMessage(tOf('fr'), pixels)).toBe(
      'Cette image compte trop de pixels\u00a0: 100 mégapixels au plus.',
    );
  });

  it('says a wrong file, SRT subtitles and a taken url in French, never the server words', () => {
    const t = tOf('fr');
    expect(apiErrorMessage(t, answer('unsupported_type', { reason: 'image' }))).toBe(
      'Ce fichier n’est pas une image acceptée par Legenda\u00a0: utilisez JPEG, PNG, WebP, AVIF ou GIF.',
    );
    expect(apiErrorMessage(t, answer('invalid_subtitles', { reason: 'header' }))).toMatch(
      /^Ces sous-titres ne sont pas au format WebVTT.*SRT/,
    );
    expect(apiErrorMessage(t, answer('invalid_subtitles', { reason: 'line', line: 4 }))).toBe(
      'Ces sous-titres ne sont pas au format WebVTT valide\u00a0: erreur à la ligne 4.',
    );
    expect(apiErrorMessage(t, answer('url_taken', { url: 'vase' }))).toBe(
      'Un autre article utilise déjà cette URL. Choisissez-en une autre.',
    );
    expect(apiErrorMessage(t, answer('payload_too_large', { maxBytes: 50 * 1024 * 1024 }))).toBe(
      'Le fichier est trop volumineux\u00a0: 50 Mo au plus.',
    );
    expect(apiErrorMessage(t, answer('throttled', { retryAfter: 30 }))).toBe(
      'Trop de tentatives de connexion. Réessayez dans 30 secondes.',
    );
    expect(
      apiErrorMessage(t, answer('invalid_body', [{ path: 'timeZone', message: 'Invalid' }])),
    ).toBe('La demande contient une valeur non valide (champ timeZone).');
  });

  it('says it in English in the English interface', () => {
    const t = tOf('en');
    expect(apiErrorMessage(t, answer('payload_too_large', { maxBytes: 200 * 1024 }))).toBe(
      'The file is too large: 200 KB at most.',
    );
    expect(apiErrorMessage(t, answer('unsupported_type', { reason: 'svg' }))).toMatch(/^SVG/);
  });

  it('words a restore refused for holding more than its manifest counts, in both languages', () => {
    const refused = answer('invalid_archive', {
      reason: 'over_manifest',
      file: 'data/articles.json',
      count: 3,
    });
    expect(apiErrorMessage(tOf('fr'), refused)).toBe(
      'Cet export contient plus que ce qu’annonce son manifeste (data/articles.json)\u00a0: il n’est pas tel que Legenda l’a fait, rien n’a été restauré.',
    );
    expect(apiErrorMessage(tOf('en'), refused)).toBe(
      'This export holds more than its manifest lists (data/articles.json): it is not as Legenda made it, and nothing was restored.',
    );
  });

  it('falls back to the generic message for unknown codes, reasons and bodies', () => {
    const t = tOf('fr');
    expect(apiErrorMessage(t, answer('something_new'))).toBe('Une erreur s’est produite');
    expect(apiErrorMessage(t, answer('units'))).toBe('Une erreur s’est produite');
    expect(apiErrorMessage(t, { body: null })).toBe('Une erreur s’est produite');
    expect(apiErrorMessage(t, answer('unsupported_type', { reason: 'new' }))).toBe(
      'Ce type de fichier n’est pas accepté.',
    );
  });
});
