import * as z from 'zod';

/**
 * The environment's variables, their shapes, ranges and defaults (config.ts reads the
 * environment and parses it with envSchema; schema.ts holds what they become).
 */

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
