import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('settings', () => {
  it('runs locally with no setting at all', () => {
    const config = parseConfig({});
    expect(config.port).toBe(4321);
    expect(config.publicSiteUrl).toBe('http://localhost:4321');
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.admin.museum).toBe('Mon musée');
  });

  it('uses secure cookies behind an https address and drops a trailing slash', () => {
    const config = parseConfig({ PUBLIC_SITE_URL: 'https://app.legenda.example/' });
    expect(config.publicSiteUrl).toBe('https://app.legenda.example');
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['PUBLIC_SITE_URL', 'ftp://example.org'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['BLOB_STORE', 'floppy'],
    ['TRUST_PROXY', 'maybe'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    let error: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
  });

  it('treats empty values as unset', () => {
    const config = parseConfig({ DATABASE_URL: '', ADMIN_EMAIL: '', OPENAI_API_KEY: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin.email).toBeUndefined();
  });
});
