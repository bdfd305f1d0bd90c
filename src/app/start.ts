import { BuildError, buildIfStale } from './build.ts';
import { loadConfig } from '../server/config.ts';
import { ConfigError } from '../server/config/schema.ts';
import { chooseSite } from './site-build/folders.ts';

/**
 * `npm start`: builds the site when its sources are newer than the last build, then runs the
 * server. A curator restarting Legenda does not wait for a build that changes nothing.
 */
try {
  chooseSite(buildIfStale(loadConfig().site).site);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`[legenda] cannot start. ${error.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
  if (!(error instanceof BuildError)) throw error;
  console.error(`[legenda] ${error.message}`);
  process.exit(error.status);
}

await import('./main.ts');
