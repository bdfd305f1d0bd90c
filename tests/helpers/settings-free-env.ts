import { envSchema } from '../../src/server/config/env.ts';

/** Every variable Legenda reads as a setting (src/server/config/env.ts). */
export const LEGENDA_SETTINGS: readonly string[] = Object.keys(envSchema.shape);

/**
 * The environment a process the tests start inherits: the caller's, without Legenda's own
 * settings, so a shell that exports ADMIN_EMAIL or DATABASE_URL for a real install changes no
 * test. Each test gives the settings it means.
 */
export function settingsFreeEnv(
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  const kept = { ...env };
  for (const key of LEGENDA_SETTINGS) delete kept[key];
  return kept;
}
