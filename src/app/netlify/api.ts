import { createApp } from '../app.ts';
import { createServices } from '../services.ts';
import { loadNetlifyConfig } from '../../server/config.ts';
import { createNetlifyHandler, type NetlifyHandler } from './handler.ts';

let shared: Promise<NetlifyHandler> | undefined;

/**
 * The staff's function's handler (api.mts): the whole app, made once from the environment
 * (loadNetlifyConfig); a wrong setting stops the instance with a message naming it. The
 * sign-in has a function of its own (login.ts).
 */
export function netlifyHandler(): Promise<NetlifyHandler> {
  shared ??= createNetlifyHandler(loadNetlifyConfig(), (deps) => {
    const services = createServices(deps);
    return { app: createApp(deps, services), idle: () => services.cdn.idle() };
  });
  return shared;
}
