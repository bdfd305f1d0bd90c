import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment. Every setting is parsed here once; a wrong or
 * missing one stops the start with a message that names it.
 */

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The booking page the site frames: https, or plain http on this machine only (the e2e tests'
 * fake booking page on 127.0.0.1; nothing crosses a network there).
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const bookingUrl = z.url({ protocol: /^https?$/, abort: true }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}, 'must be an https:// URL (http:// only on localhost)');

const envSchema = z.object({
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
  MAX_VIDEO_MB: z.coerce.number().int().min(1).max(2048).default(50),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(12, 'must be at least 12 characters').max(1024).optional(),
  ),
  ADMIN_MUSEUM: z.string().trim().min(1).max(120).default('Mon musée'),
  TRUST_PROXY: booleanFlag,
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  COUNTS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  TRANSLATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
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
  /** The largest video an upload may carry, in bytes. */
  maxVideoBytes: number;
  admin: { email: string | undefined; password: string | undefined; museum: string };
  trustProxy: boolean;
  openai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    /** One engine call's limit, and how many times the SDK retries it. */
    timeoutMs: number;
    maxRetries: number;
  };
  /** Batches of one article sent to the engine at once. */
  translationConcurrency: number;
  /** Visitor counts are written this often (0: at each visit). */
  countsFlushMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** `text` lines for a terminal, or one JSON object a line for a log collector. */
  logFormat: 'text' | 'json';
  /** Setting values the logger must never print (passwords, keys), wherever they appear. */
  secrets: readonly string[];
  /** What the static public site is built with (a change rebuilds it at the next start). */
  site: SiteSettings;
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

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** BLOB_STORE=s3 needs every S3_ setting; S3_ settings without BLOB_STORE=s3 are a mistake. */
function s3Settings(e: z.output<typeof envSchema>): { s3?: S3Settings; problems: string[] } {
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
function urlPassword(url: string | undefined): string[] {
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

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(withNetlifyAddress(env));
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
    secureCookies: publicSiteUrl.startsWith('https:'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? e.NETLIFY_DB_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    blobStore: e.BLOB_STORE ?? 'fs',
    s3,
    maxVideoBytes: e.MAX_VIDEO_MB * 1024 * 1024,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, museum: e.ADMIN_MUSEUM },
    trustProxy: e.TRUST_PROXY,
    openai: {
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      maxRetries: e.OPENAI_MAX_RETRIES,
    },
    translationConcurrency: e.TRANSLATION_CONCURRENCY,
    countsFlushMs: e.COUNTS_FLUSH_MS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    secrets: [
      ...new Set([
        ...urlPassword(e.DATABASE_URL),
        ...urlPassword(e.NETLIFY_DB_URL),
        ...[e.OPENAI_API_KEY, e.ADMIN_PASSWORD, s3?.secretAccessKey].filter(
          (v): v is string => v !== undefined,
        ),
      ]),
    ],
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

/** Connections one Netlify function instance keeps: it serves one request at a time. */
export const NETLIFY_POOL_MAX = 2;

/**
 * The largest video on Netlify, whatever MAX_VIDEO_MB says: a function takes requests of at
 * most 6 MB, and Netlify Blobs cannot read a byte range, so each range a phone asks for costs
 * the transfer of the video up to it (blobs.ts, netlifyReads). This keeps that cost bounded and
 * says so with a 413 naming the limit.
 */
export const NETLIFY_MAX_VIDEO_MB = 6;

/**
 * The settings of the Netlify function (netlify/functions/): the same environment, with what
 * Netlify needs. Blobs default to Netlify Blobs and logs to JSON lines; visitor counts are
 * written at once (an instance may be frozen after any answer); videos are at most
 * NETLIFY_MAX_VIDEO_MB; PostgreSQL is required
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
    maxVideoBytes: Math.min(config.maxVideoBytes, NETLIFY_MAX_VIDEO_MB * 1024 * 1024),
  };
}

/** Settings the test suites read; kept apart so a developer's DATABASE_URL is never truncated. */
export function loadTestSettings(): {
  databaseUrl: string | undefined;
  chromiumPath: string;
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
