import type * as z from 'zod';
import type { envSchema } from './env.ts';

/** What the parsed settings become: the Config and the parts the environment decides. */

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where visitors and staff reach the site, without a trailing slash. */
  publicSiteUrl: string;
  /**
   * PUBLIC_SITE_URL was given (or Netlify's URL). Without it publicSiteUrl is this machine's
   * http://localhost:{PORT}, which printed QR codes would lead to: the start message and the
   * QR screens say so.
   */
  publicSiteUrlSet: boolean;
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
