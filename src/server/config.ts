import fs from 'node:fs';
import path from 'node:path';

/**
 * The one place that reads the environment. Every setting is parsed here once; a wrong or
 * missing one stops the start with a message that names it.
 */

import { envSchema } from './config/env.ts';
import {
  ConfigError,
  s3Settings,
  SITE_DEFAULTS,
  speechSettings,
  urlPassword,
  type Config,
} from './config/schema.ts';

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Read once a process: compiling a fast parser for it (zod's JIT) costs more than it saves
  // (about 5 ms of a cold start, ADR 0032).
  const result = envSchema.safeParse(withNetlifyAddress(env), { jitless: true });
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = result.data;
  const { s3, problems } = s3Settings(e);
  if (problems.length > 0) throw new ConfigError(problems);
  const publicSiteUrl = (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicSiteUrl,
    publicSiteUrlSet: e.PUBLIC_SITE_URL !== undefined,
    secureCookies: publicSiteUrl.startsWith('https:'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? e.NETLIFY_DB_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    blobStore: e.BLOB_STORE ?? 'fs',
    s3,
    maxImageBytes: e.MAX_IMAGE_UPLOAD_MB * 1024 * 1024,
    maxVideoBytes: e.MAX_VIDEO_MB * 1024 * 1024,
    maxAudioBytes: e.MAX_AUDIO_MB * 1024 * 1024,
    admin: {
      email: e.ADMIN_EMAIL,
      password: e.ADMIN_PASSWORD,
      museum: e.ADMIN_MUSEUM,
      slug: e.ADMIN_MUSEUM_SLUG,
    },
    trustProxy: e.TRUST_PROXY,
    cdn: cdnSettings(e, env),
    openai: {
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      maxRetries: e.OPENAI_MAX_RETRIES,
      review: e.TRANSLATION_REVIEW === 'on',
      languageCheck: e.TRANSLATION_LANGUAGE_CHECK !== 'off',
    },
    speech: speechSettings(e),
    translationConcurrency: e.TRANSLATION_CONCURRENCY,
    visitorLimits: {
      visitorTranslationsPerMinute: e.VISITOR_NEW_TRANSLATIONS_PER_MINUTE,
      visitorSoundPagesPerMinute: e.VISITOR_NEW_SOUND_PAGES_PER_MINUTE,
      museumTranslationsPerMinute: e.MUSEUM_NEW_TRANSLATIONS_PER_MINUTE,
      museumSoundPagesPerMinute: e.MUSEUM_NEW_SOUND_PAGES_PER_MINUTE,
      museumTranslationCharsPerMinute: e.MUSEUM_TRANSLATION_CHARS_PER_MINUTE,
      museumSpeechCharsPerMinute: e.MUSEUM_SPEECH_CHARS_PER_MINUTE,
      addressCharsPercent: e.ADDRESS_CHARS_SHARE_PERCENT,
    },
    prepareBudgetMs: Number.POSITIVE_INFINITY,
    countsFlushMs: e.COUNTS_FLUSH_MS,
    publishCheckMs: e.PUBLISH_CHECK_MS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    secrets: secretsOf(
      [e.DATABASE_URL, e.NETLIFY_DB_URL].flatMap(urlPassword),
      [e.OPENAI_API_KEY, e.TTS_API_KEY, e.ADMIN_PASSWORD, s3?.secretAccessKey, e.CDN_PURGE_TOKEN],
      env.NETLIFY_PURGE_API_TOKEN?.trim(),
    ),
    site: {
      url: publicSiteUrl,
      bookingUrl: e.PUBLIC_BOOKING_URL,
      contactEmail: e.CONTACT_EMAIL ?? SITE_DEFAULTS.contactEmail,
      founder: {
        name: e.FOUNDER_NAME ?? SITE_DEFAULTS.founderName,
        email: e.FOUNDER_EMAIL ?? e.CONTACT_EMAIL ?? SITE_DEFAULTS.contactEmail,
      },
      professionalNetworkUrl: e.PROFESSIONAL_NETWORK_URL ?? SITE_DEFAULTS.professionalNetworkUrl,
    },
  };
}

/** Setting values the logger must never print, each once. */
function secretsOf(...values: (string | undefined | (string | undefined)[])[]): string[] {
  return [...new Set(values.flat().filter((v): v is string => v !== undefined && v !== ''))];
}

/**
 * Where a change purges the pages shared caches keep: the hook, else Netlify's own CDN, when
 * Netlify gave the function its purge token (NETLIFY_PURGE_API_TOKEN, which purgeCache of
 * @netlify/functions reads with SITE_ID).
 */
function cdnSettings(
  e: { CDN_PURGE_URL?: string | undefined; CDN_PURGE_TOKEN?: string | undefined },
  env: Record<string, string | undefined>,
): Config['cdn'] {
  return {
    purgeUrl: e.CDN_PURGE_URL,
    purgeToken: e.CDN_PURGE_TOKEN,
    netlify: env.NETLIFY === 'true' && Boolean(env.NETLIFY_PURGE_API_TOKEN?.trim()),
  };
}

/**
 * Netlify sets NETLIFY=true in its builds and URL, the site's main address, in builds and
 * functions: it is the public address unless PUBLIC_SITE_URL says otherwise.
 */
function withNetlifyAddress(env: Record<string, string | undefined>) {
  if (env.NETLIFY !== 'true' || env.PUBLIC_SITE_URL?.trim() || !env.URL?.trim()) return env;
  return { ...env, PUBLIC_SITE_URL: env.URL };
}

/**
 * Reads the process environment, after a `.env` file in the working directory when there is one
 * (values already in the environment win). Only entry points call this.
 */
export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  try {
    process.loadEnvFile('.env');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return parseConfig({ ...process.env, ...overrides });
}

/**
 * A server process runs the libraries' production builds unless its environment names another
 * mode: without NODE_ENV, React would render every visitor page with its development checks,
 * three to four times slower (and `npm start`, `npm run serve` and Netlify set none). Must run
 * before React is loaded: production-builds.ts, the entries' first import.
 */
export function preferProductionBuilds(): void {
  process.env.NODE_ENV ??= 'production';
}

/** Connections one Netlify function instance keeps: it serves one request at a time. */
export const NETLIFY_POOL_MAX = 2;

/**
 * The largest video on Netlify, whatever MAX_VIDEO_MB says: a function takes requests of at
 * most 6 MB, and Netlify Blobs cannot read a byte range, so each range a phone asks for costs
 * the transfer of the video up to it (blobs.ts, netlifyReads). This keeps that cost bounded and
 * says so with a 413 naming the limit. Sound files (MAX_AUDIO_MB) are held to it for the same
 * reasons, and images (MAX_IMAGE_UPLOAD_MB) for the first one: the editor scales a larger photo
 * down in the browser before sending it.
 */
export const NETLIFY_MAX_VIDEO_MB = 6;

/**
 * Translate now's work a Netlify call starts within: its function may run 60 seconds (a
 * scheduled one 30), and an article started at the budget's end must still finish.
 */
export const NETLIFY_PREPARE_BUDGET_MS = 15_000;

/**
 * The settings of the Netlify function (netlify/functions/): the same environment, with what
 * Netlify needs. Blobs default to Netlify Blobs and logs to JSON lines; visitor counts are
 * written at once (an instance may be frozen after any answer); images, videos and sound files
 * are at most NETLIFY_MAX_VIDEO_MB; PostgreSQL is required
 * (DATABASE_URL, or NETLIFY_DB_URL that Netlify Database sets) and the address must be https://
 * (Netlify's URL when PUBLIC_SITE_URL is unset).
 */
export function loadNetlifyConfig(): Config {
  const config = parseConfig({
    LOG_FORMAT: 'json',
    ...process.env,
    BLOB_STORE: process.env.BLOB_STORE?.trim() || 'netlify',
    NETLIFY: 'true',
    COUNTS_FLUSH_MS: '0',
  });
  const problems: string[] = [];
  if (!config.databaseUrl) {
    problems.push(
      'DATABASE_URL: must be set on Netlify (Netlify Database sets NETLIFY_DB_URL; any PostgreSQL works)',
    );
  }
  if (config.blobStore === 'fs') {
    problems.push('BLOB_STORE: fs cannot work in a Netlify function; use netlify');
  }
  if (!config.secureCookies) {
    problems.push(
      `PUBLIC_SITE_URL: must be the site's https:// address on Netlify (got ${config.publicSiteUrl})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...config,
    databasePoolMax: config.databasePoolMax ?? NETLIFY_POOL_MAX,
    maxImageBytes: Math.min(config.maxImageBytes, NETLIFY_MAX_VIDEO_MB * 1024 * 1024),
    maxVideoBytes: Math.min(config.maxVideoBytes, NETLIFY_MAX_VIDEO_MB * 1024 * 1024),
    maxAudioBytes: Math.min(config.maxAudioBytes, NETLIFY_MAX_VIDEO_MB * 1024 * 1024),
    prepareBudgetMs: NETLIFY_PREPARE_BUDGET_MS,
  };
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Settings the test suites read; kept apart so a developer's DATABASE_URL is never truncated. */
export function loadTestSettings(): {
  databaseUrl: string | undefined;
  chromiumPath: string;
  /**
   * The browser of the end-to-end tests: CHROMIUM_PATH when set, else Chromium's headless shell
   * when installed (Debian's chromium-headless-shell, the build Playwright itself runs headless:
   * measured, a public-pages spec cost 36 CPU-s with it, 61 with the full browser), else Chromium.
   */
  e2eChromiumPath: string;
  /** CI=true (.ci/run, most CI services): a test that needs a missing tool fails, never skips. */
  ci: boolean;
  /**
   * LEGENDA_E2E_PORTS="{server},{engine}": the end-to-end run's ports. Unset, the run takes two
   * free ones and shares them with its workers through this variable (shareE2EPorts).
   */
  e2ePorts: { server: number; engine: number } | undefined;
} {
  const url = process.env.TEST_DATABASE_URL?.trim();
  const ci = process.env.CI?.trim().toLowerCase();
  return {
    databaseUrl: url ? url : undefined,
    chromiumPath: process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
    e2eChromiumPath:
      process.env.CHROMIUM_PATH?.trim() ||
      (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    ci: ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0',
    e2ePorts: e2ePorts(process.env.LEGENDA_E2E_PORTS),
  };
}

function e2ePorts(value: string | undefined): { server: number; engine: number } | undefined {
  if (!value?.trim()) return undefined;
  const ports = value.split(',').map((part) => Number(part.trim()));
  const valid = (port: number | undefined): port is number =>
    Number.isInteger(port) && port! > 0 && port! < 65536;
  if (ports.length !== 2 || !valid(ports[0]) || !valid(ports[1]) || ports[0] === ports[1]) {
    throw new ConfigError([
      `LEGENDA_E2E_PORTS: two different ports, "{server},{engine}" (got "${value}")`,
    ]);
  }
  return { server: ports[0], engine: ports[1] };
}

/** Hands the run's ports to the processes it starts (Playwright's workers inherit them). */
export function shareE2EPorts(ports: { server: number; engine: number }): void {
  process.env.LEGENDA_E2E_PORTS = `${ports.server},${ports.engine}`;
}
