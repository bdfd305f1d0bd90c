import { describe, expect, it } from 'vitest';
import { settingsStamp } from './build.ts';
import { ConfigError, parseConfig, SITE_DEFAULTS } from './config.ts';

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

describe('the public site settings', () => {
  it('default to a working site without a booking page', () => {
    const { site } = parseConfig({ PUBLIC_SITE_URL: 'https://legenda.example/' });
    expect(site.url).toBe('https://legenda.example');
    expect(site.bookingUrl).toBeUndefined();
    expect(site.contactEmail).toBe(SITE_DEFAULTS.contactEmail);
    expect(site.founder).toEqual({
      name: SITE_DEFAULTS.founderName,
      email: SITE_DEFAULTS.contactEmail,
    });
    expect(site.professionalNetworkUrl).toBe(SITE_DEFAULTS.professionalNetworkUrl);
  });

  it('take the addresses given, the founder writing from the contact address unless told', () => {
    const { site } = parseConfig({
      PUBLIC_BOOKING_URL: 'https://calendly.com/legenda/demo',
      CONTACT_EMAIL: 'hello@museum.example',
      FOUNDER_NAME: 'Ana Lima',
    });
    expect(site.bookingUrl).toBe('https://calendly.com/legenda/demo');
    expect(site.founder).toEqual({ name: 'Ana Lima', email: 'hello@museum.example' });
  });

  it('refuse addresses that are not addresses, naming the setting', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.split(':')[0]);
      }
    };
    expect(problems({ CONTACT_EMAIL: 'not an email' })).toEqual(['CONTACT_EMAIL']);
    expect(problems({ FOUNDER_EMAIL: '<script>' })).toEqual(['FOUNDER_EMAIL']);
    expect(problems({ PUBLIC_BOOKING_URL: 'javascript:alert(1)' })).toEqual(['PUBLIC_BOOKING_URL']);
    expect(problems({ PROFESSIONAL_NETWORK_URL: 'linkedin' })).toEqual([
      'PROFESSIONAL_NETWORK_URL',
    ]);
  });

  it('are part of the build stamp, so a change rebuilds the site', () => {
    const a = settingsStamp(parseConfig({}).site);
    expect(settingsStamp(parseConfig({}).site)).toBe(a);
    expect(settingsStamp(parseConfig({ PUBLIC_SITE_URL: 'https://x.example' }).site)).not.toBe(a);
    expect(settingsStamp(parseConfig({ CONTACT_EMAIL: 'a@b.example' }).site)).not.toBe(a);
  });
});
