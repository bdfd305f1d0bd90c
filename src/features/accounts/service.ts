import * as z from 'zod';
import { generatePassword, hashPassword, type ScryptParams } from '../auth/passwords.ts';
import { normaliseEmail } from '../auth/service.ts';
import type { Database } from '../../server/db/handle.ts';
import { accountsRepo } from './repo.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@legenda.local';
export const MIN_PASSWORD_LENGTH = 12;

export const newAccountSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('is not an email address')),
  museum: z.string().trim().min(1, 'is required').max(120, 'is longer than 120 characters'),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1024, 'is longer than 1024 characters'),
});

export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AccountError(
    result.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; '),
  );
}

export function accountsService(db: Database, options: { scrypt?: ScryptParams } = {}) {
  const repo = accountsRepo(db);
  const hash = (password: string) => hashPassword(password, options.scrypt);

  return {
    /**
     * On an empty database: one museum and one account, once. Returns what was made, with the
     * password only when it was generated (so it can be shown once), or undefined.
     */
    async ensureFirstAccount(admin: {
      email: string | undefined;
      password: string | undefined;
      museum: string;
      /** The museum's guide address (ADMIN_MUSEUM_SLUG), already checked. */
      slug?: string | undefined;
    }) {
      const generated = admin.password === undefined;
      const input = check(newAccountSchema, {
        email: admin.email ?? DEFAULT_ADMIN_EMAIL,
        museum: admin.museum,
        password: admin.password ?? generatePassword(),
      });
      const email = normaliseEmail(input.email);
      const passwordHash = await hash(input.password);
      const created = await repo.whenNoUsers(async (tx) => {
        const museumId = await repo.insertMuseum(input.museum, tx, admin.slug);
        await repo.insertUser({ museumId, email, passwordHash }, tx);
      });
      if (!created) return undefined;
      return { email, museum: input.museum, password: generated ? input.password : undefined };
    },

    /** Adds a user to the museum of that name, creating the museum when it is new. */
    async add(raw: { email: string; museum: string; password: string }) {
      const input = check(newAccountSchema, raw);
      const email = normaliseEmail(input.email);
      if (await repo.emailTaken(email)) throw new AccountError(`${email} already has an account.`);
      const existing = await repo.findMuseumByName(input.museum);
      const museumId = existing?.id ?? (await repo.insertMuseum(input.museum));
      await repo.insertUser({ museumId, email, passwordHash: await hash(input.password) });
      return { email, museum: input.museum, newMuseum: existing === undefined };
    },

    list: () => repo.list(),

    async setPassword(rawEmail: string, password: string) {
      const { password: valid } = check(newAccountSchema.pick({ password: true }), { password });
      const email = normaliseEmail(rawEmail);
      if (!(await repo.setPassword(email, await hash(valid)))) {
        throw new AccountError(`No account for ${email}.`);
      }
      return { email };
    },

    async disable(rawEmail: string) {
      const email = normaliseEmail(rawEmail);
      if (!(await repo.disable(email, new Date()))) {
        throw new AccountError(`No account for ${email}.`);
      }
      return { email };
    },

    async enable(rawEmail: string) {
      const email = normaliseEmail(rawEmail);
      if (!(await repo.enable(email))) throw new AccountError(`No account for ${email}.`);
      return { email };
    },
  };
}
