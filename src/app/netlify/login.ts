import { createLoginApp } from '../login-app.ts';
import { loadNetlifyConfig } from '../../server/config.ts';
import { createNetlifyHandler, type NetlifyHandler } from './handler.ts';

let shared: Promise<NetlifyHandler> | undefined;

/**
 * The sign-in function's handler (login.mts): POST /login alone (login-app.ts), so that its
 * cold start loads none of the staff API. Made once from the environment.
 */
export function netlifyLoginHandler(): Promise<NetlifyHandler> {
  shared ??= createNetlifyHandler(loadNetlifyConfig(), (deps) => ({ app: createLoginApp(deps) }));
  return shared;
}
