import * as z from 'zod';
import { itemId } from '../articles/ids.ts';
import { supportedLanguage } from '../languages/catalogue.ts';

/** GET /api/read/feedback?articleId=&lang=: one article's reports in one language. */
export const feedbackQuery = z.object({
  articleId: itemId,
  lang: z
    .string()
    .max(35)
    .transform((code, ctx) => {
      const known = supportedLanguage(code);
      if (!known) {
        ctx.issues.push({
          code: 'custom',
          input: code,
          message: 'is not a language Legenda offers',
        });
        return z.NEVER;
      }
      return known;
    }),
});

/** POST /api/manage/resolve_feedback {id}: a report marked resolved. */
export const resolveFeedbackSchema = z.object({
  id: z.number('must be a number').int().positive().max(2_147_483_647),
});
