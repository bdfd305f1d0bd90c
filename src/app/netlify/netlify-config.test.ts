import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNetlifyConfig, NETLIFY_MAX_VIDEO_MB, NETLIFY_POOL_MAX } from '../../server/config.ts';
import { ConfigError } from '../../server/config/schema.ts';

/** The function's settings: what Netlify needs, from the same environment as everywhere. */
const DB = 'postgres://legenda:pw@db.example:5432/legenda';

function withEnv(env: Record<string, string>) {
  for (const name of ['DATABASE_URL', 'NETLIFY_DB_URL', 'PUBLIC_SITE_URL', 'URL', 'BLOB_STORE']) {
    vi.stubEnv(name, '');
  }
  vi.stubEnv('COUNTS_FLUSH_MS', '1000');
  vi.stubEnv('DATABASE_POOL_MAX', '');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return loadNetlifyConfig();
}

function problems(env: Record<string, string>): string[] {
  try {
    withEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

afterEach(() => vi.unstubAllEnvs());

describe('loadNetlifyConfig', () => {
  it("defaults to Netlify Blobs, counts written at once, a small pool and Netlify's URL", () => {
    const config = withEnv({ DATABASE_URL: DB, URL: 'https://musee.netlify.app' });
    expect(config.blobStore).toBe('netlify');
    // Even with COUNTS_FLUSH_MS set: an instance may be frozen after any answer.
    expect(config.countsFlushMs).toBe(0);
    expect(config.databasePoolMax).toBe(NETLIFY_POOL_MAX);
    expect(config.publicSiteUrl).toBe('https://musee.netlify.app');
    expect(config.secureCookies).toBe(true);
  });

  it("takes Netlify Database's NETLIFY_DB_URL; DATABASE_URL and PUBLIC_SITE_URL win", () => {
    expect(withEnv({ NETLIFY_DB_URL: DB, URL: 'https://a.netlify.app' }).databaseUrl).toBe(DB);
    const other = 'postgres://other@db.example/legenda';
    const config = withEnv({
      DATABASE_URL: other,
      NETLIFY_DB_URL: DB,
      URL: 'https://a.netlify.app',
      PUBLIC_SITE_URL: 'https://legenda.musee.fr',
      BLOB_STORE: 'memory',
      DATABASE_POOL_MAX: '3',
    });
    expect(config.databaseUrl).toBe(other);
    expect(config.publicSiteUrl).toBe('https://legenda.musee.fr');
    expect(config.blobStore).toBe('memory');
    expect(config.databasePoolMax).toBe(3);
  });

  it('caps videos at 6 MB: a function takes no larger request, Netlify Blobs reads no range', () => {
    const site = { DATABASE_URL: DB, URL: 'https://a.netlify.app' };
    expect(NETLIFY_MAX_VIDEO_MB).toBe(6);
    expect(withEnv({ ...site, MAX_VIDEO_MB: '50' }).maxVideoBytes).toBe(6 * 1024 * 1024);
    expect(withEnv({ ...site, MAX_VIDEO_MB: '200' }).maxVideoBytes).toBe(6 * 1024 * 1024);
    expect(withEnv({ ...site, MAX_VIDEO_MB: '3' }).maxVideoBytes).toBe(3 * 1024 * 1024);
    // Sound files (read aloud) likewise: 20 MB by default elsewhere, 6 here.
    expect(withEnv(site).maxAudioBytes).toBe(6 * 1024 * 1024);
    expect(withEnv({ ...site, MAX_AUDIO_MB: '4' }).maxAudioBytes).toBe(4 * 1024 * 1024);
    // Images too: 25 MB by default elsewhere; the editor scales a larger photo down first.
    expect(withEnv(site).maxImageBytes).toBe(6 * 1024 * 1024);
    expect(withEnv({ ...site, MAX_IMAGE_UPLOAD_MB: '2' }).maxImageBytes).toBe(2 * 1024 * 1024);
  });

  it('refuses what cannot work on Netlify, naming each setting', () => {
    expect(problems({ URL: 'https://a.netlify.app' })).toEqual([
      expect.stringMatching(/^DATABASE_URL: must be set on Netlify/),
    ]);
    expect(problems({ DATABASE_URL: DB, URL: 'https://a.netlify.app', BLOB_STORE: 'fs' })).toEqual([
      expect.stringMatching(/^BLOB_STORE: fs cannot work/),
    ]);
    expect(problems({ DATABASE_URL: DB, PUBLIC_SITE_URL: 'http://legenda.example' })).toEqual([
      expect.stringMatching(/^PUBLIC_SITE_URL: must be the site's https:\/\/ address/),
    ]);
    expect(problems({ DATABASE_URL: DB })).toHaveLength(1);
    expect(
      problems({ DATABASE_URL: DB, URL: 'https://a.netlify.app', DATABASE_POOL_MAX: '0' }),
    ).toEqual([expect.stringMatching(/^DATABASE_POOL_MAX/)]);
  });
});
