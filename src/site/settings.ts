import { loadConfig, type SiteSettings } from '../server/config.ts';

/**
 * The settings the public pages are built with, read once per build through the one config
 * module. Astro pages only: islands get what they need as props.
 */
export const site: SiteSettings = loadConfig().site;
