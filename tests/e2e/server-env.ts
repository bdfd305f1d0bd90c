import path from 'node:path';
import { FAKE_ENGINE_URL, GUIDE_SLUG } from './settings.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What differs from one end-to-end Legenda to another. */
export interface E2EServer {
  port: number;
  /** PUBLIC_SITE_URL: built into the pages, so a second server that shares the build shares it. */
  publicSiteUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
}

/**
 * The environment of an end-to-end server (tests/helpers/e2e-server.ts): playwright.config.ts's,
 * and the second Legenda a restore is tried on (transfer.spec.ts), so both run alike.
 */
export function e2eServerEnv(server: E2EServer): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(server.port),
    HOST: '127.0.0.1',
    PUBLIC_SITE_URL: server.publicSiteUrl,
    DATA_DIR: server.dataDir,
    // Set here, so neither the shell nor a developer's .env brings PostgreSQL, a proxy or
    // a real engine: translations come from the fake one.
    DATABASE_URL: '',
    BLOB_STORE: 'fs',
    TRUST_PROXY: 'false',
    OPENAI_BASE_URL: `${FAKE_ENGINE_URL}/v1`,
    OPENAI_API_KEY: 'test',
    OPENAI_MODEL: '',
    // A stuck call fails fast and is not tried again: the tests wait for no engine.
    OPENAI_TIMEOUT_MS: '5000',
    OPENAI_MAX_RETRIES: '0',
    // The fake engine answers `[es] ` and the source text: in another language than asked.
    TRANSLATION_LANGUAGE_CHECK: 'off',
    // Read aloud: the fake engine's stand-in speech engine; a hung call fails fast.
    TTS_BASE_URL: `${FAKE_ENGINE_URL}/v1`,
    TTS_API_KEY: 'test',
    TTS_MODEL: 'tts-fake',
    TTS_VOICE: 'nova',
    TTS_TIMEOUT_MS: '3000',
    ADMIN_EMAIL: server.admin.email,
    ADMIN_PASSWORD: server.admin.password,
    // The museum's guide home, /visit/{slug} (guide.spec.ts).
    ADMIN_MUSEUM_SLUG: GUIDE_SLUG,
    LOG_LEVEL: 'warn',
    // Node's compile cache, shared with the processes vitest starts: the server, and the
    // site build it runs, load their modules faster from the second run on.
    NODE_COMPILE_CACHE: path.join(ROOT, '.tmp/node-compile-cache'),
    // One browser on one address runs every spec: the visitors' limits (vitest covers
    // them) are set out of its way.
    VISITOR_NEW_TRANSLATIONS_PER_MINUTE: '10000',
    VISITOR_NEW_SOUND_PAGES_PER_MINUTE: '10000',
    MUSEUM_NEW_SOUND_PAGES_PER_MINUTE: '10000',
    MUSEUM_NEW_TRANSLATIONS_PER_MINUTE: '100000',
    MUSEUM_TRANSLATION_CHARS_PER_MINUTE: '100000000',
    MUSEUM_SPEECH_CHARS_PER_MINUTE: '100000000',
    ADDRESS_CHARS_SHARE_PERCENT: '100',
    // Small, so a test can go over it (the editor's 413 toast).
    MAX_VIDEO_MB: '1',
    MAX_AUDIO_MB: '1',
    // Under the 6 MB camera photo of photos.spec.ts, as on Netlify: the editor scales it
    // down in the browser before sending it.
    MAX_IMAGE_UPLOAD_MB: '5',
    // Planned publishes are looked for every second, not every minute: publishing.spec.ts sees
    // one go live a few seconds after its time, without waiting a minute.
    PUBLISH_CHECK_MS: '1000',
    // The booking popup frames the fake engine's stand-in page (plain http: loopback only).
    PUBLIC_BOOKING_URL: `${FAKE_ENGINE_URL}/booking`,
  };
}
