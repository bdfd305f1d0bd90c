import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/index.ts';
import { DataDirInUseError } from '../../server/db/lock.ts';
import { errorReason, isUnavailable } from '../../server/db/errors.ts';
import { openDatabase } from '../runtime.ts';
import { createMemoryBlobStore } from '../../server/blobs.ts';
import { museums } from '../../server/db/schema.ts';
import { createLogger } from '../../server/log.ts';
import { AccountError, accountsService } from '../../features/accounts/service.ts';
import { budgetCommand, parseBudget } from './budget.ts';
import { museumCommand, parseSlug } from './museum.ts';

/**
 * npm run users -- add --email E --museum "Name"   (password asked, or read from stdin)
 * npm run users -- list
 * npm run users -- set-password --email E
 * npm run users -- disable --email E
 * npm run users -- enable --email E
 * npm run users -- budget --museum "Name" [--tokens N|none] [--speech-chars N|none]
 * npm run users -- museum --museum "Name" [--slug name|none]
 *
 * Passwords never travel on the command line, where shell history and `ps` would keep them.
 */
const USAGE = `Usage:
  npm run users -- add --email EMAIL --museum "Museum name"
  npm run users -- list
  npm run users -- set-password --email EMAIL
  npm run users -- disable --email EMAIL
  npm run users -- enable --email EMAIL
  npm run users -- budget --museum "Museum name" [--tokens N|none] [--speech-chars N|none]
  npm run users -- museum --museum "Museum name" [--slug name|none]

A monthly engine budget: tokens (prompt and answer) and characters read aloud; "none" removes
one, an option left out keeps it; with neither, the budgets and this month's use are shown.

A museum's guide address (/visit/{slug}): letters, digits and dashes, unique; "none" removes it;
without --slug, the address is shown.

The password is asked for (hidden), or read from standard input when it is not a terminal:
  printf '%s' "$PASSWORD" | npm run users -- add --email curator@museum.org --museum "Musée"`;

class UsageError extends Error {}

async function readHidden(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as {
    _writeToOutput: (s: string) => void;
    output: NodeJS.WriteStream;
  };
  let muted = false;
  output._writeToOutput = (s: string) => {
    if (!muted || s.includes('\n')) process.stdout.write(muted ? '\n' : s);
  };
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  const first = await readHidden('Password (12 characters or more): ');
  const second = await readHidden('Same password again: ');
  if (first !== second) throw new AccountError('The two passwords differ; nothing was changed.');
  return first;
}

function requireOption(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

/** The budget command: its options checked before the database opens. */
async function budget(values: {
  museum?: string | undefined;
  tokens?: string | undefined;
  'speech-chars'?: string | undefined;
}): Promise<number> {
  const museum = requireOption(values.museum, 'museum');
  const tokens = parseBudget(values.tokens, 'tokens');
  const speechChars = parseBudget(values['speech-chars'], 'speech-chars');
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    console.log(await budgetCommand(database.handle.db, { museum, tokens, speechChars }));
    return 0;
  } finally {
    await database.close();
  }
}

/** The museum command: its options checked before the database opens. */
async function museumSettings(values: {
  museum?: string | undefined;
  slug?: string | undefined;
}): Promise<number> {
  const museum = requireOption(values.museum, 'museum');
  const slug = parseSlug(values.slug);
  const database = await openDatabase(loadConfig());
  try {
    console.log(await museumCommand(database.handle.db, { museum, slug }));
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Adds an account. The first one comes with the demo article, as at a first start (on Netlify,
 * where nothing starts, this is how it is made). The demo stores no file: no blob store needed.
 */
async function addAccount(
  config: Config,
  db: Database,
  input: { email: string; museum: string; password: string },
): Promise<void> {
  const firstMuseum = (await db.$count(museums)) === 0;
  const made = await accountsService(db).add(input);
  console.log(
    `Account ${made.email} added to ${made.newMuseum ? 'the new museum' : 'the museum'} "${made.museum}".`,
  );
  if (!firstMuseum) return;
  const deps = {
    config: { ...config, countsFlushMs: 0 },
    db,
    blobs: createMemoryBlobStore(),
    log: createLogger(config),
    clientAddress: () => 'cli',
  };
  // Loaded only here: the whole app costs every other command seconds of start.
  const [{ createServices }, { demoAtFirstStart }] = await Promise.all([
    import('../services.ts'),
    import('../../features/demo/service.ts'),
  ]);
  const services = createServices(deps);
  await demoAtFirstStart({ ...deps, services }, made.museum);
  // Its save counts its translations and asks for priority languages in the background:
  // finished before the database closes.
  await services.prepare.settled();
  await services.status.settled();
}

/** Runs an account command, given its options checked and its password already read. */
async function accountCommand(
  command: string,
  config: Config,
  db: Database,
  input: { email?: string | undefined; museum?: string | undefined; password?: string | undefined },
): Promise<void> {
  const { email, museum, password } = input;
  const accounts = accountsService(db);
  if (command === 'add') {
    await addAccount(config, db, { email: email!, museum: museum!, password: password! });
  } else if (command === 'set-password') {
    const done = await accounts.setPassword(email!, password!);
    console.log(`Password of ${done.email} changed; its open sessions are closed.`);
  } else if (command === 'disable') {
    const done = await accounts.disable(email!);
    console.log(`${done.email} is disabled; its open sessions are closed.`);
  } else if (command === 'enable') {
    const done = await accounts.enable(email!);
    console.log(`${done.email} can sign in again.`);
  } else {
    const rows = await accounts.list();
    if (rows.length === 0) console.log('No accounts yet.');
    for (const row of rows) {
      console.log(`${row.email}\t${row.museum}\t${row.disabled ? 'disabled' : 'active'}`);
    }
  }
}

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      museum: { type: 'string' },
      password: { type: 'string' },
      tokens: { type: 'string' },
      'speech-chars': { type: 'string' },
      slug: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (values.password !== undefined) {
    throw new UsageError(
      'Passwords are not taken on the command line (shell history keeps them). ' +
        'Leave out --password: you will be asked, or pipe it on standard input.',
    );
  }
  const commands = ['add', 'list', 'set-password', 'disable', 'enable', 'budget', 'museum'];
  if (!commands.includes(command)) {
    throw new UsageError(`Unknown command "${command}".`);
  }
  if (command === 'budget') return budget(values);
  if (command === 'museum') return museumSettings(values);

  const email = command === 'list' ? undefined : requireOption(values.email, 'email');
  const museum = command === 'add' ? requireOption(values.museum, 'museum') : undefined;
  // Asked before the database opens: the embedded one stays free while a person types.
  const password =
    command === 'add' || command === 'set-password' ? await readPassword() : undefined;

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await accountCommand(command, config, database.handle.db, { email, museum, password });
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (error instanceof AccountError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (isUnavailable(error)) {
    // Never the URL itself: it may carry the database password.
    console.error(
      `Cannot reach the database given by DATABASE_URL (${errorReason(error)}). Check that PostgreSQL is ` +
        'running and that the address is right; nothing was changed.',
    );
    process.exitCode = 1;
  } else if (error instanceof DataDirInUseError) {
    console.error(
      `${error.message}\nWith the embedded database, manage accounts while Legenda is stopped.`,
    );
    process.exitCode = 1;
  } else if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
