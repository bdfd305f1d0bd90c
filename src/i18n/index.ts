// Shared by Astro pages, React islands and the server: no DOM, no React here.
import { createInstance, type i18n } from 'i18next';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import { LANGS, type Lang } from './paths.ts';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, dotted ("auth.signIn"). fr.json is the reference; a test keeps en.json in step. */
export type TKey = Leaves<typeof fr>;
export type TVars = Record<string, string | number>;

export const resources = { fr, en } as const;

const instances = new Map<Lang, i18n>();

/** One synchronous i18next instance per language, both dictionaries bundled. */
export function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...LANGS],
      resources: { fr: { translation: fr }, en: { translation: en } },
      initAsync: false,
      returnNull: false,
      // Astro, React and JSON answers escape on output; escaping here would double it.
      interpolation: { escapeValue: false },
    });
    instances.set(lang, instance);
  }
  return instance;
}

export function t(lang: Lang, key: TKey, vars?: TVars): string {
  return i18nFor(lang).t(key, vars ?? {});
}

/** Static paths for src/pages/[...locale]/*.astro: French at the root, English under /en. */
export function localeStaticPaths(): { params: { locale: 'en' | undefined } }[] {
  return [{ params: { locale: undefined } }, { params: { locale: 'en' } }];
}

/** The language of a [...locale] page from its params (undefined means French). */
export function langFromParams(params: { locale?: string | undefined }): Lang {
  return params.locale === 'en' ? 'en' : 'fr';
}
