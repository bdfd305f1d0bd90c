import { describe, expect, it } from 'vitest';
import { startMessage } from './start-message.ts';

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

describe('the start message', () => {
  it('shows a generated password once, in a terminal', () => {
    const text = startMessage('http://localhost:4321', config('text'), 'pglite', first);
    expect(text).toContain('Legenda is running at http://localhost:4321');
    expect(text).toContain('Database: embedded, in ./data');
    expect(text).toContain('  password: Ab3dEf6hIj9kLm2nOp5q');
    expect(text).toContain('No translation engine is configured');
  });

  it('never writes the generated password into JSON logs, and says how to set one', () => {
    const text = startMessage('https://legenda.museum', config('json', true), 'postgres', first);
    expect(text).not.toContain(first.password);
    expect(text).toContain('npm run users -- set-password --email admin@legenda.local');
    expect(text).toContain('Database: PostgreSQL (DATABASE_URL)');
    expect(text).not.toContain('No translation engine');
  });

  it('points to ADMIN_PASSWORD when the password was given, and to /login afterwards', () => {
    const given = startMessage('http://x', config('text'), 'pglite', {
      ...first,
      password: undefined,
    });
    expect(given).toContain('the one in ADMIN_PASSWORD');
    expect(startMessage('http://x', config('text'), 'pglite', undefined)).toContain(
      'Sign in at http://x/login',
    );
  });
});
