import type { Config } from '../server/config.ts';

/** Everything a person starting Legenda needs to read, printed as one block. */
export function startMessage(
  where: string,
  config: Pick<Config, 'dataDir' | 'logFormat'> & {
    openai: Pick<Config['openai'], 'baseUrl' | 'apiKey'>;
  },
  kind: 'pglite' | 'postgres',
  first: { email: string; museum: string; password: string | undefined } | undefined,
): string {
  const lines = [
    `Legenda is running at ${where}`,
    `Database: ${kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (first) {
    lines.push(
      `First account created for the museum "${first.museum}". Sign in at ${where}/login with`,
      `  email:    ${first.email}`,
      !first.password
        ? '  password: the one in ADMIN_PASSWORD'
        : config.logFormat === 'text'
          ? `  password: ${first.password}\nThis password is shown once. Change it with: npm run users -- set-password --email ${first.email}`
          : // JSON lines go to a log collector, where no password may go.
            `  password: generated, and not written to the logs. Set one with: npm run users -- set-password --email ${first.email}`,
    );
  } else {
    lines.push(`Sign in at ${where}/login`);
  }
  if (!config.openai.baseUrl && !config.openai.apiKey) {
    lines.push(
      'No translation engine is configured (OPENAI_BASE_URL, OPENAI_API_KEY): visitors read articles in their original language.',
    );
  }
  return lines.join('\n');
}
