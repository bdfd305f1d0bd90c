import { createApp, createServices } from '../app.ts';
import { loadNetlifyConfig } from '../../server/config.ts';
import { createNetlifyHandler, type NetlifyHandler } from './handler.ts';

let shared: Promise<NetlifyHandler> | undefined;

/**
 * The staff's functions' handler (api.mts, login.mts): the whole app, made once from the
 * environment (loadNetlifyConfig) by whichever function file loads first; a wrong setting stops
 * the instance with a message naming it.
 */
export function netlifyHandler(): Promise<NetlifyHandler> {
  shared ??= createNetlifyHandler(loadNetlifyConfig(), (deps) => {
    const services = createServices(deps);
    return { app: createApp(deps, services), idle: () => services.cdn.idle() };
  });
  return shared;
}
