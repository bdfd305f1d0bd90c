import type { ClientOptions, OpenAI } from 'openai';

/**
 * The OpenAI SDK, loaded at the first engine call rather than when the server starts: most
 * visitor requests never call an engine (a kept page, a scan, a count), and the SDK is the
 * largest package a visitor's function would otherwise load at each cold start (ADR 0032). Once
 * loaded, it stays for the life of the process.
 */

type Sdk = typeof import('openai');

let loaded: Sdk | undefined;

async function sdk(): Promise<Sdk> {
  loaded ??= await import('openai');
  return loaded;
}

/** A client made at its first use, then the same one for every call. */
export function lazyClient(options: ClientOptions): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | undefined;
  return () => {
    if (!client) {
      client = sdk().then((module) => new module.OpenAI(options));
      // A load that failed (a package missing) is tried again at the next call.
      client.catch(() => (client = undefined));
    }
    return client;
  };
}

/**
 * The SDK's error classes, once the SDK is loaded; before that no error can be one of them,
 * since only the SDK throws them.
 */
export const sdkErrors = (): Sdk | undefined => loaded;
