import * as z from 'zod';

/** The settings' shapes and checks (config.ts reads the environment and gives it to them). */

export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The booking page the site frames: https, or plain http on this machine only (the e2e tests'
 * fake booking page on 127.0.0.1; nothing crosses a network there).
 */
export const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const bookingUrl = z.url({ protocol: /^https?$/, abort: true }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}, 'must be an https:// URL (http:// only on localhost)');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().trim().min(1).default('localhost'),
  PUBLIC_SITE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  /** Netlify Database's connection string; DATABASE_URL, when set, wins. */
  NETLIFY_DB_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_MAX: optionalText.pipe(z.coerce.number<string>().int().min(1).max(100).optional()),
  BLOB_STORE: z.enum(['fs', 'netlify', 's3', 'memory']).optional(),
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3 to 63 a-z, 0-9, . or -)',
      )
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  MAX_IMAGE_UPLOAD_MB: z.coerce.number().int().min(1).max(200).default(25),
  MAX_VIDEO_MB: z.coerce.number().int().min(1).max(2048).default(50),
  MAX_AUDIO_MB: z.coerce.number().int().min(1).max(2048).default(20),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(12, 'must be at least 12 characters').max(1024).optional(),
  ),
  ADMIN_MUSEUM: z.string().trim().min(1).max(120).default('Mon musée'),
  /**
   * The first museum's guide address (/visit/{slug}), set with it at the first start; later,
   * and for other museums, `npm run users -- museum --slug`. The guide address's rule: letters,
   * digits and single dashes, at most 60 characters, stored lower-cased.
   */
  ADMIN_MUSEUM_SLUG: optionalText.pipe(
    z
      .string()
      .max(60)
      .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, 'must be letters, digits and single dashes')
      .transform((slug) => slug.toLowerCase())
      .optional(),
  ),
  TRUST_PROXY: booleanFlag,
  /** A shared cache's purge hook (docs/adr/0031-visitor-pages-behind-a-cdn.md). */
  CDN_PURGE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CDN_PURGE_TOKEN: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  /** A speech engine for read aloud (ADR 0019): any OpenAI-compatible /v1/audio/speech. */
  TTS_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TTS_API_KEY: optionalText,
  TTS_MODEL: optionalText,
  TTS_VOICE: optionalText,
  TTS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  COUNTS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How often the Node server publishes planned publishes that are due (a minute by default). */
  PUBLISH_CHECK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  TRANSLATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(16),
  /** What anonymous requests may start a minute (reader/visit/engine-gate.ts). */
  VISITOR_NEW_TRANSLATIONS_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(6),
  VISITOR_NEW_SOUND_PAGES_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(2),
  MUSEUM_NEW_TRANSLATIONS_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(60),
  MUSEUM_NEW_SOUND_PAGES_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(20),
  /** What visitors' requests may send the engines a minute, in characters (ADR 0034). */
  MUSEUM_TRANSLATION_CHARS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .default(400_000),
  MUSEUM_SPEECH_CHARS_PER_MINUTE: z.coerce.number().int().min(0).max(100_000_000).default(60_000),
  ADDRESS_CHARS_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(25),
  /** on: a second engine call per batch lists each translation's errors (doubles the cost). */
  TRANSLATION_REVIEW: optionalText.pipe(z.enum(['on', 'off']).optional()),
  /** off: translations in another language are not refused (for tests' fake engine). */
  TRANSLATION_LANGUAGE_CHECK: optionalText.pipe(z.enum(['on', 'off']).optional()),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  PUBLIC_BOOKING_URL: optionalText.pipe(bookingUrl.optional()),
  CONTACT_EMAIL: optionalText.pipe(z.email().optional()),
  FOUNDER_NAME: optionalText.pipe(z.string().max(120).optional()),
  FOUNDER_EMAIL: optionalText.pipe(z.email().optional()),
  PROFESSIONAL_NETWORK_URL: optionalText.pipe(z.url({ protocol: /^https$/ }).optional()),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where visitors and staff reach the site, without a trailing slash. */
  publicSiteUrl: string;
  /** Cookies get Secure and the __Host- prefix when the site is served over HTTPS. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each process keeps to PostgreSQL at most (unset: the entry point's default). */
  databasePoolMax: number | undefined;
  blobStore: 'fs' | 'netlify' | 's3' | 'memory';
  /** The bucket, with BLOB_STORE=s3 (and only then). */
  s3: S3Settings | undefined;
  /** The largest image an upload may carry, in bytes (processed for visitors at upload). */
  maxImageBytes: number;
  /** The largest video an upload may carry, in bytes. */
  maxVideoBytes: number;
  /** The largest sound file an upload may carry, in bytes (the read-aloud audio element). */
  maxAudioBytes: number;
  admin: {
    email: string | undefined;
    password: string | undefined;
    museum: string;
    /** The first museum's guide address, lower-cased. */
    slug?: string | undefined;
  };
  trustProxy: boolean;
  /**
   * Where a change purges the visitor pages shared caches keep (docs/adr/0031-visitor-pages-behind-a-cdn.md): the hook
   * CDN_PURGE_URL (with CDN_PURGE_TOKEN as a bearer), else Netlify's own CDN when running there.
   */
  cdn: { purgeUrl: string | undefined; purgeToken: string | undefined; netlify: boolean };
  openai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    /** One engine call's limit, and how many times the SDK retries it. */
    timeoutMs: number;
    maxRetries: number;
    /** TRANSLATION_REVIEW=on: a second opinion on every batch (engine.ts review). */
    review: boolean;
    /** TRANSLATION_LANGUAGE_CHECK: answers in another language are refused (language-check.ts). */
    languageCheck: boolean;
  };
  /**
   * The speech engine (ADR 0019): set when TTS_BASE_URL or TTS_API_KEY is. Undefined:
   * only the browser's own voice reads aloud.
   */
  speech: SpeechSettings | undefined;
  /** Batches of one article sent to the engine at once. */
  translationConcurrency: number;
  /**
   * New engine work visitors may start a minute (reader/visit/engine-gate.ts): translations of an
   * (article, language) per visitor and per museum, pages read aloud per visitor, and the
   * characters sent to each engine per museum and per address.
   */
  visitorLimits: VisitorLimits;
  /**
   * How long one call works through Translate now's queue before it leaves the rest to the next
   * (review/prepare.ts): without end on the Node server, within a function's limit on Netlify.
   */
  prepareBudgetMs: number;
  /** Visitor counts are written this often (0: at each visit). */
  countsFlushMs: number;
  /** The Node server looks for planned publishes that are due this often. */
  publishCheckMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** `text` lines for a terminal, or one JSON object a line for a log collector. */
  logFormat: 'text' | 'json';
  /** Setting values the logger must never print (passwords, keys), wherever they appear. */
  secrets: readonly string[];
  /** What the static public site is built with (a change rebuilds it at the next start). */
  site: SiteSettings;
}

export interface VisitorLimits {
  visitorTranslationsPerMinute: number;
  visitorSoundPagesPerMinute: number;
  museumTranslationsPerMinute: number;
  museumSoundPagesPerMinute: number;
  museumTranslationCharsPerMinute: number;
  museumSpeechCharsPerMinute: number;
  /** The share of the museum's characters a minute one address may use, in percent. */
  addressCharsPercent: number;
}

/** An OpenAI-compatible speech engine (TTS_*): hosted or on premises. */
export interface SpeechSettings {
  /** TTS_BASE_URL, e.g. https://api.openai.com/v1; the SDK's default (OpenAI) when unset. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** TTS_MODEL; DEFAULT_SPEECH_MODEL when unset. */
  model: string;
  /** TTS_VOICE; DEFAULT_SPEECH_VOICE when unset. */
  voice: string;
  /** One engine call's limit (no retry): past it the visitor's button says 'not available'. */
  timeoutMs: number;
}

export const DEFAULT_SPEECH_MODEL = 'gpt-4o-mini-tts';
export const DEFAULT_SPEECH_VOICE = 'alloy';

/** The speech engine's settings, or undefined when neither TTS_BASE_URL nor TTS_API_KEY is set. */
export function speechSettings(e: z.output<typeof envSchema>): SpeechSettings | undefined {
  if (e.TTS_BASE_URL === undefined && e.TTS_API_KEY === undefined) return undefined;
  return {
    baseUrl: e.TTS_BASE_URL,
    apiKey: e.TTS_API_KEY,
    model: e.TTS_MODEL ?? DEFAULT_SPEECH_MODEL,
    voice: e.TTS_VOICE ?? DEFAULT_SPEECH_VOICE,
    timeoutMs: e.TTS_TIMEOUT_MS,
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2…), addressed path-style. */
export interface S3Settings {
  /** The service's address without the bucket, e.g. https://s3.eu-west-3.amazonaws.com. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** BLOB_STORE=s3 needs every S3_ setting; S3_ settings without BLOB_STORE=s3 are a mistake. */
export function s3Settings(e: z.output<typeof envSchema>): { s3?: S3Settings; problems: string[] } {
  if (e.BLOB_STORE !== 's3') {
    const given = S3_SETTINGS.filter((name) => e[name] !== undefined);
    return {
      problems:
        e.BLOB_STORE === undefined && given.length > 0
          ? [`BLOB_STORE: must be s3 to use ${given.join(', ')} (or leave the S3_ settings unset)`]
          : [],
    };
  }
  const missing = S3_SETTINGS.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    return { problems: missing.map((name) => `${name}: required when BLOB_STORE=s3`) };
  }
  return {
    s3: {
      endpoint: e.S3_ENDPOINT!,
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    },
    problems: [],
  };
}

/** The password inside a connection string, as it may appear decoded or not. */
export function urlPassword(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const password = new URL(url).password;
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

export interface SiteSettings {
  /** publicSiteUrl again: canonical links, sitemap, Open Graph images, the demo QR code. */
  url: string;
  /** A scheduling page (Calendly) opened by 'Book a demo'; without it the button goes to /contact. */
  bookingUrl: string | undefined;
  contactEmail: string;
  founder: { name: string; email: string };
  /** The professional-network page linked from every blog post's footer. */
  professionalNetworkUrl: string;
}

export const SITE_DEFAULTS = {
  contactEmail: 'contact@legenda.example',
  founderName: 'Camille Laurent',
  professionalNetworkUrl: 'https://www.linkedin.com/company/legenda-museums',
} as const;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
