import { describe, expect, it } from 'vitest';
import { forwardedClient } from './forwarded.ts';

describe('the visitor’s address behind a trusted proxy', () => {
  it('is the address the proxy added, not one the client wrote', () => {
    expect(forwardedClient('203.0.113.7')).toBe('203.0.113.7');
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended what it saw.
    expect(forwardedClient('1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(forwardedClient(' 1.2.3.4 ,2001:db8::1 ')).toBe('2001:db8::1');
  });

  it('is nothing when the header is missing or empty', () => {
    expect(forwardedClient(undefined)).toBeUndefined();
    expect(forwardedClient('')).toBeUndefined();
    expect(forwardedClient('1.2.3.4, ')).toBeUndefined();
  });
});
