import { preferProductionBuilds } from '../server/config.ts';

/**
 * Imported first by the server entries (main.ts, the Netlify functions), so that NODE_ENV is
 * settled before any module loads React (config.ts, preferProductionBuilds).
 */
preferProductionBuilds();
