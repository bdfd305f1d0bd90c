import type { Config } from '../server/config/schema.ts';
import { purgeHook, type PurgeSend } from '../server/http/cdn-purge.ts';

/**
 * Netlify's purge, `purgeCache({ tags })` of @netlify/functions (its token and site from
 * Netlify), loaded at the first purge: only a Netlify function ever purges its CDN, and the
 * functions' bundler still takes the module in.
 */
const netlifyPurge: PurgeSend = async (tags) => {
  const { purgeCache } = await import('@netlify/functions');
  await purgeCache({ tags: [...tags] });
};

/**
 * How this process purges shared caches (docs/adr/0031-visitor-pages-behind-a-cdn.md): the
 * configured hook (CDN_PURGE_URL), else Netlify's CDN on Netlify, else nothing (no shared cache
 * was said to be in front).
 */
export function purgeSender(config: Pick<Config, 'cdn'>): PurgeSend | undefined {
  if (config.cdn.purgeUrl) return purgeHook(config.cdn.purgeUrl, config.cdn.purgeToken);
  return config.cdn.netlify ? netlifyPurge : undefined;
}
