import * as z from 'zod';
import { STOP_MAX, STOP_MIN } from './content-fields.ts';

/**
 * The article's stop number, as audio guides have them: a visitor types it in the guide home to
 * reach a panel whose code they cannot scan. Optional; absent when there is none (null and ''
 * read as none, so a form may clear it). Unique in a museum: checked where an article is saved.
 */
export const stopField = z
  .unknown()
  .transform((value, ctx): number | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    if (Number.isInteger(value) && (value as number) >= STOP_MIN && (value as number) <= STOP_MAX) {
      return value as number;
    }
    ctx.addIssue({
      code: 'custom',
      message: `must be a whole number from ${STOP_MIN} to ${STOP_MAX}`,
    });
    return z.NEVER;
  })
  .optional();

/** An article's stop number from its content's first entry, or none. */
export function stopOf(content: readonly unknown[]): number | undefined {
  const parsed = stopField.safeParse((content[0] as { stop?: unknown } | undefined)?.stop);
  return parsed.success ? parsed.data : undefined;
}
