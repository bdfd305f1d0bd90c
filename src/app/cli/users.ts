import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { ConfigError, type Config } from '../../server/config/schema.ts';
import type { Database } from '../../server/db/handle.ts';
import { DataDirInUseError } from '../../server/db/lock.ts';
import { errorReason, isUnavailable } from '../../server/db/errors.ts';
import { openDatabase } from '../runtime.ts';
import { createMemoryBlobStore } from '../../server/blobs/store.ts';
import { museums } from '../../server/db/schema.ts';
import { createLogger } from '../../server/log.ts';
import { AccountError, accountsService } from '../../features/accounts/service.ts';
import { budgetCommand, parseBudget } from './budget.ts';
import { complain, processIo, say, sinkOf, type CliIo } from './io.ts';
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

async function readHidden(io: CliIo, prompt: string): Promise<string> {
  const rl = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let muted = false;
  output._writeToOutput = (s: string) => {
    if (!muted || s.includes('\n')) io.stdout.write(muted ? '\n' : s);
  };
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(io: CliIo): Promise<string> {
  if (!io.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer | string));
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  const first = await readHidden(io, 'Password (12 characters or more): ');
  const second = await readHidden(io, 'Same password again: ');
  if (first !== second) throw new AccountError('The two passwords differ; nothing was changed.');
  return first;
}

function requireOption(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

/** The budget command: its options checked before the database opens. */
async function budget(
  io: CliIo,
  values: {
    museum?: string | undefined;
    tokens?: string | undefined;
    'speech-chars'?: string | undefined;
  },
): Promise<number> {
  const museum = requireOption(values.museum, 'museum');
  const tokens = parseBudget(values.tokens, 'tokens');
  const speechChars = parseBudget(values['speech-chars'], 'speech-chars');
  const config = loadConfig(io.env);
  const database = await openDatabase(config);
  try {
    say(io, await budgetCommand(database.handle.db, { museum, tokens, speechChars }));
    return 0;
  } finally {
    await database.close();
  }
}

/** The museum command: its options checked before the database opens. */
async function museumSettings(
  io: CliIo,
  values: { museum?: string | undefined; slug?: string | undefined },
): Promise<number> {
  const museum = requireOption(values.museum, 'museum');
  const slug = parseSlug(values.slug);
  const database = await openDatabase(loadConfig(io.env));
  try {
    say(io, await museumCommand(database.handle.db, { museum, slug }));
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
  io: CliIo,
  config: Config,
  db: Database,
  input: { email: string; museum: string; password: string },
): Promise<void> {
  const firstMuseum = (await db.$count(museums)) === 0;
  const made = await accountsService(db).add(input);
  say(
    io,
    `Account ${made.email} added to ${made.newMuseum ? 'the new museum' : 'the museum'} "${made.museum}".`,
  );
  if (!firstMuseum) return;
  const deps = {
    config: { ...config, countsFlushMs: 0 },
    db,
    blobs: createMemoryBlobStore(),
    log: createLogger(config, { sink: sinkOf(io) }),
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
  io: CliIo,
  command: string,
  config: Config,
  db: Database,
  input: { email?: string | undefined; museum?: string | undefined; password?: string | undefined },
): Promise<void> {
  const { email, museum, password } = input;
  const accounts = accountsService(db);
  if (command === 'add') {
    await addAccount(io, config, db, { email: email!, museum: museum!, password: password! });
  } else if (command === 'set-password') {
    const done = await accounts.setPassword(email!, password!);
    say(io, `Password of ${done.email} changed; its open sessions are closed.`);
  } else if (command === 'disable') {
    const done = await accounts.disable(email!);
    say(io, `${done.email} is disabled; its open sessions are closed.`);
  } else if (command === 'enable') {
    const done = await accounts.enable(email!);
    say(io, `${done.email} can sign in again.`);
  } else {
    const rows = await accounts.list();
    if (rows.length === 0) say(io, 'No accounts yet.');
    for (const row of rows) {
      say(io, `${row.email}\t${row.museum}\t${row.disabled ? 'disabled' : 'active'}`);
    }
  }
}

async function run(argv: string[], io: CliIo): Promise<number> {
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
    say(io, USAGE);
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
  if (command === 'budget') return budget(io, values);
  if (command === 'museum') return museumSettings(io, values);

  const email = command === 'list' ? undefined : requireOption(values.email, 'email');
  const museum = command === 'add' ? requireOption(values.museum, 'museum') : undefined;
  // Asked before the database opens: the embedded one stays free while a person types.
  const password =
    command === 'add' || command === 'set-password' ? await readPassword(io) : undefined;

  const config = loadConfig(io.env);
  const database = await openDatabase(config);
  try {
    await accountCommand(io, command, config, database.handle.db, { email, museum, password });
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Runs one command and answers its exit code: 0 done, 1 refused or failed, 2 misused. An error
 * nobody foresaw is thrown, as Node shows one. The process's streams from a shell (below); a test
 * may give its own and run the command in its process.
 */
export async function runUsers(argv: string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      complain(io, `${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof AccountError || error instanceof ConfigError) {
      complain(io, error.message);
      return 1;
    }
    if (isUnavailable(error)) {
      // Never the URL itself: it may carry the database password.
      complain(
        io,
        `Cannot reach the database given by DATABASE_URL (${errorReason(error)}). Check that PostgreSQL is ` +
          'running and that the address is right; nothing was changed.',
      );
      return 1;
    }
    if (error instanceof DataDirInUseError) {
      complain(
        io,
        `${error.message}\nWith the embedded database, manage accounts while Legenda is stopped.`,
      );
      return 1;
    }
    if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      complain(io, `${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

if (import.meta.main) process.exitCode = await runUsers(process.argv.slice(2), processIo());
