import { BuildError, buildIfStale } from './build.ts';

/**
 * `npm start`: builds the site when its sources are newer than the last build, then runs the
 * server. A curator restarting Legenda does not wait for a build that changes nothing.
 */
try {
  buildIfStale();
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(`[legenda] ${error.message}`);
  process.exit(error.status);
}

await import('./main.ts');
