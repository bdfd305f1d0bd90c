import type { Context } from 'hono';
import type { BlobStore } from './blobs/store.ts';
import type { Config } from './config/schema.ts';
import type { Database } from './db/handle.ts';
import type { Logger } from './log.ts';

/** Who is signed in: set by the session middleware (src/app/app.ts) for the staff API. */
export interface SignedIn {
  userId: number;
  museumId: number;
  email: string;
  museumName: string;
}

/** What the routes of every feature may use; built once per process by the entry point. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** Uploads and translation memory. */
  blobs: BlobStore;
  log: Logger;
  /** The visitor's network address, as the hosting platform tells it. */
  clientAddress(c: Context): string;
  now?: () => Date;
}

export interface AppEnv {
  Variables: {
    user: SignedIn | undefined;
  };
}

/**
 * The staff API's routes (under /api): app.ts mounts them behind the session middleware, which
 * answers 401 without a session and otherwise sets `user`, so it is always set here.
 */
export interface StaffEnv {
  Variables: {
    user: SignedIn;
  };
}

/** The signed-in user's museum: the scope of every staff call, never taken from the client. */
export function museum(c: Context<StaffEnv>): number {
  return c.get('user').museumId;
}
