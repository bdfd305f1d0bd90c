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
  BLOB_STORE: z.enum(['fs', 'netlify', 'memory']).optional(),
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
  blobStore: 'fs' | 'netlify' | 'memory';
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
  /** What the static public site is built with (a change rebuilds it at the next start). */
  site: SiteSettings;
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
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = result.data;
  const publicSiteUrl = (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicSiteUrl,
    secureCookies: publicSiteUrl.startsWith('https:'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    blobStore: e.BLOB_STORE ?? 'fs',
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

/** Settings the test suites read; kept apart so a developer's DATABASE_URL is never truncated. */
export function loadTestSettings(): { databaseUrl: string | undefined; chromiumPath: string } {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return {
    databaseUrl: url ? url : undefined,
    chromiumPath: process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
  };
}
