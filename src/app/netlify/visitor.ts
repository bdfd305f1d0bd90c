import { createVisitorApp } from '../visitor-app.ts';
import { createVisitorServices } from '../visitor-services.ts';
import { loadNetlifyConfig } from '../../server/config.ts';
import { createNetlifyHandler, type NetlifyHandler } from './handler.ts';

let shared: Promise<NetlifyHandler> | undefined;

/**
 * The visitors' function's handler (visitor.mts): the visitor routes alone (visitor-app.ts), so
 * that a cold start loads none of the staff's code. Made once from the environment.
 */
export function netlifyVisitorHandler(): Promise<NetlifyHandler> {
  shared ??= createNetlifyHandler(loadNetlifyConfig(), (deps) => {
    const services = createVisitorServices(deps);
    return { app: createVisitorApp(deps, services), idle: () => services.cdn.idle() };
  });
  return shared;
}
