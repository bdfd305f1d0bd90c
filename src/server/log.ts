import { inspect } from 'node:util';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'text' | 'json';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, extra?: unknown): void;
}

/** What the logger takes from the settings (a Config is one). */
export interface LoggerSettings {
  logLevel: LogLevel;
  logFormat?: LogFormat | undefined;
  /** Values never to print, wherever they appear (setting values: passwords, keys). */
  secrets?: readonly string[] | undefined;
}

/** Where lines go: stdout for debug and info, stderr for warnings and errors. */
export type LogSink = (stream: 'stdout' | 'stderr', line: string) => void;

const consoleSink: LogSink = (stream, line) => {
  if (stream === 'stderr') console.error(line);
  else console.log(line);
};

export const REDACTED = '[redacted]';

/** Field names whose values are never printed, at any depth. */
const SECRET_FIELD =
  /passw(or)?d|passphrase|^pass$|pwd|secret|token|cookie|authori[sz]ation|credential|session[-_]?id|signature|(api|access|private|signing|encryption|master|auth)[-_]?key/i;

/** Secrets that can hide inside any text: error messages, URLs, messages written by hand. */
const SECRET_TEXT: [RegExp, string][] = [
  // The password of a connection string or any URL: postgres://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*:)[^\s/@]+@/gi, `$1${REDACTED}@`],
  // Our session cookie, by name, then any value shaped like its token (43 base64url characters
  // with upper and lower case: article urls, all lower case, are left alone).
  [/((?:__Host-)?legenda_session=)[^;,\s]+/g, `$1${REDACTED}`],
  [/(?<![\w-])(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[\w-]{43}(?![\w-])/g, REDACTED],
  // Authorization header values and OpenAI-style keys.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\bsk-[\w-]{16,}/g, REDACTED],
];

/**
 * What a database error says of the data it was given, never logged: Drizzle's `params: …` line
 * (every value of the statement: article content, titles, emails) and the value PostgreSQL
 * quotes in `invalid input syntax for type …: "…"` and its kin. The statement itself, with
 * its `$1` placeholders, stays: it tells which query failed.
 */
const CONTENT_IN_ERRORS: [RegExp, string][] = [
  [/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`],
  [
    /((?:invalid input (?:syntax|value) for (?:type|enum) [^:\n]+|value too long[^:\n]*): )"[^\n]*"/g,
    `$1${REDACTED}`,
  ],
];

function withoutContent(text: string): string {
  let out = text;
  for (const [pattern, replacement] of CONTENT_IN_ERRORS) out = out.replace(pattern, replacement);
  return out;
}

/** Known secret values shorter than this are not searched for (they would mangle text). */
const MIN_SECRET_LENGTH = 8;

const MAX_DEPTH = 8;

/** A secret-named field shows whether it is set (`null`, `''`) and flags (`secureCookies`). */
const mayHoldSecret = (value: unknown) =>
  value != null && value !== '' && typeof value !== 'boolean' && typeof value !== 'number';

function scrubber(secrets: readonly string[]) {
  const known = [...new Set(secrets)]
    .filter((s) => s.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  return (text: string): string => {
    let out = text;
    for (const secret of known) out = out.replaceAll(secret, REDACTED);
    for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
    return out;
  };
}

/**
 * A copy of `value` safe to print: secret fields and secret-looking text replaced, Errors as
 * `{ name, message, stack, code?, cause? }`, bytes as their length, cycles and depth cut.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  const scrub = scrubber(secrets);
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return scrub(v);
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return '[circular]';
    if (depth > MAX_DEPTH) return '[too deep]';
    seen.add(v);
    try {
      if (v instanceof Error) {
        const message = withoutContent(v.message);
        const out: Record<string, unknown> = { name: v.name, message: scrub(message) };
        if (v.stack) {
          // The stack starts with the message as it was: that part is replaced too.
          const head = `${v.name}: ${v.message}`;
          const stack = v.stack.startsWith(head)
            ? `${v.name}: ${message}${v.stack.slice(head.length)}`
            : withoutContent(v.stack);
          out.stack = scrub(stack);
        }
        const code = (v as { code?: unknown }).code;
        if (typeof code === 'string' || typeof code === 'number') out.code = code;
        if (v.cause !== undefined) out.cause = walk(v.cause, depth + 1);
        return out;
      }
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
      if (v instanceof URL) return scrub(v.href);
      if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return `[${v.byteLength} bytes]`;
      if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
      const entries =
        v instanceof Map || v instanceof Headers
          ? [...(v as Map<unknown, unknown>).entries()].map(([k, x]) => [String(k), x] as const)
          : Object.entries(v);
      const out: Record<string, unknown> = {};
      for (const [key, x] of entries) {
        out[key] = SECRET_FIELD.test(key) && mayHoldSecret(x) ? REDACTED : walk(x, depth + 1);
      }
      return out;
    } finally {
      seen.delete(v);
    }
  };
  return walk(value, 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The process's logger. `text`: `[legenda] warn: message` lines for a terminal (npm start).
 * `json`: one object a line, `{"time","level","msg",...fields}`, for a log collector (Netlify,
 * containers). Either way, what it prints goes through `redact`: the settings' secret values,
 * secret-named fields, connection-string passwords and session tokens never come out.
 */
export function createLogger(
  settings: LogLevel | LoggerSettings,
  options: { sink?: LogSink; now?: () => Date } = {},
): Logger {
  const {
    logLevel,
    logFormat = 'text',
    secrets = [],
  } = typeof settings === 'string' ? { logLevel: settings } : settings;
  const sink = options.sink ?? consoleSink;
  const now = options.now ?? (() => new Date());
  const scrub = scrubber(secrets);

  const textLine = (level: Exclude<LogLevel, 'silent'>, message: string, extra: unknown) => {
    const line = `[legenda] ${level === 'info' ? '' : `${level}: `}${scrub(message)}`;
    if (extra === undefined) return line;
    const clean = redact(extra, secrets);
    if (extra instanceof Error && isRecord(clean)) {
      return `${line}\n${String(clean.stack ?? `${clean.name}: ${clean.message}`)}`;
    }
    return `${line} ${typeof clean === 'string' ? clean : inspect(clean, { depth: null, breakLength: Infinity })}`;
  };

  const jsonLine = (level: Exclude<LogLevel, 'silent'>, message: string, extra: unknown) => {
    const entry: Record<string, unknown> = {
      time: now().toISOString(),
      level,
      msg: scrub(message),
    };
    if (extra !== undefined) {
      const clean = redact(extra, secrets);
      if (extra instanceof Error) entry.error = clean;
      else if (isRecord(clean)) {
        for (const [key, value] of Object.entries(clean)) {
          entry[key in entry ? `extra.${key}` : key] = value;
        }
      } else entry.extra = clean;
    }
    return JSON.stringify(entry);
  };

  const line = logFormat === 'json' ? jsonLine : textLine;
  const at = (level: Exclude<LogLevel, 'silent'>) => (message: string, extra?: unknown) => {
    if (order[level] < order[logLevel]) return;
    sink(level === 'error' || level === 'warn' ? 'stderr' : 'stdout', line(level, message, extra));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('silent');
