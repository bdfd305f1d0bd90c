import { loadConfig } from '../server/config.ts';
import type { SiteSettings } from '../server/config/schema.ts';

/**
 * The settings the public pages are built with, read once per build through the one config
 * module. Astro pages only: islands get what they need as props.
 */
export const site: SiteSettings = loadConfig().site;
