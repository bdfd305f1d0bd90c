import { describe, expect, it } from 'vitest';
import { listenAddress, startMessage } from './start-message.ts';

const config = (logFormat: 'text' | 'json', engine = false) => ({
  dataDir: './data',
  logFormat,
  openai: engine
    ? { baseUrl: 'http://engine.test/v1', apiKey: 'sk-x' }
    : { baseUrl: undefined, apiKey: undefined },
});
const first = {
  email: 'admin@legenda.local',
  museum: 'Mon musée',
  password: 'Ab3dEf6hIj9kLm2nOp5q',
};
/** `npm start` with nothing set: localhost, and the site's default address. */
const local = {
  listening: 'http://localhost:4321',
  site: 'http://localhost:4321',
  siteSet: false,
};
/** Behind a proxy: the public address given. */
const deployed = {
  listening: 'http://127.0.0.1:4321',
  site: 'https://legenda.museum',
  siteSet: true,
};

describe('the start message', () => {
  it('shows a generated password once, in a terminal', () => {
    const text = startMessage(local, config('text'), 'pglite', first);
    expect(text).toContain('Legenda is running at http://localhost:4321');
    expect(text).toContain('Database: embedded, in ./data');
    expect(text).toContain('  password: Ab3dEf6hIj9kLm2nOp5q');
    expect(text).toContain('No translation engine is configured');
  });

  it('never writes the generated password into JSON logs, and says how to set one', () => {
    const text = startMessage(deployed, config('json', true), 'postgres', first);
    expect(text).not.toContain(first.password);
    expect(text).toContain('npm run users -- set-password --email admin@legenda.local');
    expect(text).toContain('Database: PostgreSQL (DATABASE_URL)');
    expect(text).not.toContain('No translation engine');
  });

  it('points to ADMIN_PASSWORD when the password was given, and to /login afterwards', () => {
    const given = startMessage(local, config('text'), 'pglite', { ...first, password: undefined });
    expect(given).toContain('the one in ADMIN_PASSWORD');
    expect(startMessage(local, config('text'), 'pglite', undefined)).toContain(
      'Sign in at http://localhost:4321/login',
    );
  });

  it('says, while PUBLIC_SITE_URL is unset, that QR codes lead to this computer and how to set it', () => {
    const text = startMessage(local, config('text'), 'pglite', undefined);
    expect(text).toContain(
      "PUBLIC_SITE_URL is not set: QR codes and links lead to this computer (http://localhost:4321), which visitors' phones cannot open.",
    );
    expect(text).toContain('Set the address visitors reach in .env (PUBLIC_SITE_URL=https://…)');
  });

  it('names the public address when it is set, signs in there, and warns of nothing', () => {
    const text = startMessage(deployed, config('text', true), 'pglite', undefined);
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Legenda is running at http://127.0.0.1:4321',
      'Public address (PUBLIC_SITE_URL): https://legenda.museum',
    ]);
    expect(text).toContain('Sign in at https://legenda.museum/login');
    expect(text).not.toContain('is not set');
  });
});

describe('the address the server listens on', () => {
  it('is the address bound: HOST=127.0.0.1 is not called localhost', () => {
    expect(listenAddress('127.0.0.1', { address: '127.0.0.1', port: 4321 })).toEqual({
      listening: 'http://127.0.0.1:4321',
    });
    expect(listenAddress('::1', { address: '::1', port: 8080 })).toEqual({
      listening: 'http://[::1]:8080',
    });
    expect(listenAddress('192.168.1.20', { address: '192.168.1.20', port: 80 }).listening).toBe(
      'http://192.168.1.20:80',
    );
  });

  it('keeps the name localhost when HOST says it, whichever loopback it bound', () => {
    expect(listenAddress('localhost', { address: '::1', port: 4321 }).listening).toBe(
      'http://localhost:4321',
    );
  });

  it('opens on this machine when it listens on every interface, and says so', () => {
    const at = listenAddress('0.0.0.0', { address: '0.0.0.0', port: 4321 });
    expect(at).toEqual({ listening: 'http://localhost:4321', everyInterface: '0.0.0.0' });
    expect(
      startMessage(
        { ...at, site: 'http://localhost:4321', siteSet: false },
        config('text'),
        'pglite',
        undefined,
      ),
    ).toContain(
      'Legenda is running at http://localhost:4321 (listening on every interface, HOST=0.0.0.0)',
    );
  });
});
