import * as z from 'zod';

/** POST /login. Shared by the sign-in form and the API. */
export const loginSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('must be an email address')),
  password: z.string().min(1, 'is required').max(1024, 'is too long (1024 characters at most)'),
});

export type LoginInput = z.infer<typeof loginSchema>;
