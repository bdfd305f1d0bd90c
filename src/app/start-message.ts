import type { AddressInfo } from 'node:net';
import type { Config } from '../server/config/schema.ts';

/** Where the server answers, and where people reach it. */
export interface Addresses {
  /** The address the server listens on (listenAddress). */
  listening: string;
  /** Said when it listens on every interface: the HOST that asked for it. */
  everyInterface?: string | undefined;
  /** The site's address (PUBLIC_SITE_URL, or this machine's default), the port as bound. */
  site: string;
  /** PUBLIC_SITE_URL was given. */
  siteSet: boolean;
}

const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * The address the server actually listens on, as a browser on this machine opens it: HOST's
 * own name for `localhost`, else the bound address (127.0.0.1, [::1], 192.168.1.20…); on every
 * interface (0.0.0.0, ::) this machine's `localhost`, with the HOST to say so.
 */
export function listenAddress(
  host: string,
  bound: Pick<AddressInfo, 'address' | 'port'>,
): { listening: string; everyInterface?: string } {
  if (WILDCARDS.has(bound.address)) {
    return { listening: `http://localhost:${bound.port}`, everyInterface: host };
  }
  const name =
    host.toLowerCase() === 'localhost'
      ? 'localhost'
      : bound.address.includes(':')
        ? `[${bound.address}]`
        : bound.address;
  return { listening: `http://${name}:${bound.port}` };
}

/**
 * The lines about the address: where it runs (and the public address when it differs), where
 * to sign in, and a warning while PUBLIC_SITE_URL is unset.
 */
function addressLines(at: Addresses): { lines: string[]; signIn: string; warning: string[] } {
  const running = `Legenda is running at ${at.listening}`;
  const lines = [
    at.everyInterface
      ? `${running} (listening on every interface, HOST=${at.everyInterface})`
      : running,
  ];
  if (at.siteSet) {
    if (at.site !== at.listening) lines.push(`Public address (PUBLIC_SITE_URL): ${at.site}`);
    return { lines, signIn: at.site, warning: [] };
  }
  const warning = [
    `PUBLIC_SITE_URL is not set: QR codes and links lead to this computer (${at.site}), which visitors' phones cannot open.`,
    'Set the address visitors reach in .env (PUBLIC_SITE_URL=https://…), then restart.',
  ];
  return { lines, signIn: at.listening, warning };
}

/** Everything a person starting Legenda needs to read, printed as one block. */
export function startMessage(
  at: Addresses,
  config: Pick<Config, 'dataDir' | 'logFormat'> & {
    openai: Pick<Config['openai'], 'baseUrl' | 'apiKey'>;
  },
  kind: 'pglite' | 'postgres',
  first: { email: string; museum: string; password: string | undefined } | undefined,
): string {
  const { lines: address, signIn, warning } = addressLines(at);
  const lines = [
    ...address,
    `Database: ${kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (first) {
    lines.push(
      `First account created for the museum "${first.museum}". Sign in at ${signIn}/login with`,
      `  email:    ${first.email}`,
      !first.password
        ? '  password: the one in ADMIN_PASSWORD'
        : config.logFormat === 'text'
          ? `  password: ${first.password}\nThis password is shown once. Change it with: npm run users -- set-password --email ${first.email}`
          : // JSON lines go to a log collector, where no password may go.
            `  password: generated, and not written to the logs. Set one with: npm run users -- set-password --email ${first.email}`,
    );
  } else {
    lines.push(`Sign in at ${signIn}/login`);
  }
  if (!config.openai.baseUrl && !config.openai.apiKey) {
    lines.push(
      'No translation engine is configured (OPENAI_BASE_URL, OPENAI_API_KEY): visitors read articles in their original language.',
    );
  }
  lines.push(...warning);
  return lines.join('\n');
}
