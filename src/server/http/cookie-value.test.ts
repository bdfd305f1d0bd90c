import { parse } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookie-value.ts';

/** Every header is read as Hono reads it: `parse(header, name)[name]`. */
const hono = (header: string, name: string): string | undefined => parse(header, name)[name];

const NAMES = ['legenda_lang', 'legenda_size', 'a'];

describe('cookieValue', () => {
  it('reads what Hono reads, in headers written to trip it', () => {
    const headers = [
      '',
      'legenda_lang=ja',
      ' legenda_lang = ja ',
      '\tlegenda_lang=\tja\t;',
      'a=1; legenda_lang=ja; legenda_size=2',
      'legenda_lang=ja;legenda_lang=es',
      'legenda_lang=; legenda_lang=es',
      'legenda_lang="ja"',
      'legenda_lang="',
      'legenda_lang=ja,es; legenda_lang=fr',
      'legenda_lang=j"a; legenda_lang=es',
      'legenda_lang=%6Aa',
      'legenda_lang=%E0%A4; x=1',
      'legenda_lang=%zz',
      'xlegenda_lang=ja; legenda_langx=es',
      'legenda_lang',
      'legenda_lang; legenda_lang=ko',
      '=ja; legenda_lang==ja=',
      ';;; legenda_lang=zh-Hans;;',
      'legenda_size=3; legenda_lang=ar ; other="x y"',
      'legenda_lang=j a',
      'legenda_lang=é',
      'a=1; a=2; legenda_size=9',
    ];
    for (const header of headers) {
      for (const name of NAMES)
        expect(cookieValue(header, name), `${name} in ${header}`).toBe(hono(header, name));
    }
  });

  it('reads what Hono reads in random headers', () => {
    const pieces = [
      'legenda_lang',
      'legenda_size',
      'a',
      '=',
      ';',
      ' ',
      '\t',
      '"',
      'ja',
      '%41',
      '%',
      ',',
      'é',
      '2',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      let header = '';
      const length = Math.floor(next() * 12);
      for (let j = 0; j < length; j++) header += pieces[Math.floor(next() * pieces.length)];
      for (const name of NAMES)
        expect(cookieValue(header, name), `${name} in ${header}`).toBe(hono(header, name));
    }
  });
});
