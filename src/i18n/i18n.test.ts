import { describe, it, expect } from 'vitest';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import { t } from './index.ts';
import { localePath, stripLocale } from './paths.ts';

type Dict = { [key: string]: string | Dict };

function flatten(dict: Dict, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix + key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, `${path}.`)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const flatFr = flatten(fr as Dict);
const flatEn = flatten(en as Dict);

describe('dictionaries', () => {
  it('hold exactly the same keys', () => {
    expect([...flatEn.keys()].sort()).toEqual([...flatFr.keys()].sort());
  });

  it('have no empty values', () => {
    for (const [lang, flat] of [
      ['fr', flatFr],
      ['en', flatEn],
    ] as const) {
      for (const [key, value] of flat) {
        expect(value.trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('use the same placeholders per key', () => {
    for (const [key, value] of flatFr) {
      expect(placeholders(flatEn.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });

  it('keep the product wording', () => {
    expect(t('en', 'auth.signIn')).toBe('Sign in');
    expect(t('en', 'auth.loginSuccess')).toBe('Logged in successfully');
    expect(t('fr', 'auth.loginFailed')).toBe('Email ou mot de passe invalide');
    expect(t('en', 'auth.logoutSuccess')).toBe('Logged out successfully');
    expect(t('fr', 'auth.logoutSuccess')).toBe('Déconnexion réussie');
    expect(t('en', 'auth.logoutFailed')).toBe('Something went wrong logging out…');
    expect(t('en', 'notFound.heading')).toBe('Nothing there…');
    expect(t('fr', 'notFound.heading')).toBe('Il n’y a rien par ici…');
    expect(t('en', 'notFound.backHome')).toBe('Back to home');
    expect(t('fr', 'notFound.backHome')).toBe('Retour à l’accueil');
    expect(t('en', 'nav.bookDemo')).toBe('Book a demo');
    expect(t('fr', 'nav.bookDemo')).toBe('Réserver une démo');
    expect(t('fr', 'settings.title')).toBe('Paramètres');
    expect(t('en', 'blog.heading')).toBe('All blog posts');
    expect(t('fr', 'blog.heading')).toBe('Tous les posts');
    expect(t('fr', 'stats.title')).toBe('Statistiques');
    expect(t('fr', 'common.backToDashboard')).toBe('Retour au tableau de bord');
  });
});

describe('t', () => {
  it('interpolates without escaping', () => {
    expect(t('en', 'articles.heading', { path: "a/b&c'" })).toBe("Articles / a/b&c'");
  });
});

describe('localePath', () => {
  it('maps French routes to /en', () => {
    expect(localePath('en', '/login')).toBe('/en/login');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('en', '/article?id=3#x')).toBe('/en/article?id=3#x');
    expect(localePath('fr', '/login')).toBe('/login');
    expect(localePath('fr', '/')).toBe('/');
  });

  it('is idempotent and switches both ways', () => {
    expect(localePath('en', '/en/login')).toBe('/en/login');
    expect(localePath('fr', '/en/login?x=1')).toBe('/login?x=1');
    expect(localePath('fr', '/en')).toBe('/');
    expect(stripLocale('/en/articles/1/2')).toBe('/articles/1/2');
    expect(stripLocale('/entries')).toBe('/entries');
  });
});
