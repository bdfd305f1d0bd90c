/**
 * The day ranges of the charts (10 by default, and 30 and 90): the page's choices and the API's
 * check (schema.ts) both read them here, where no zod is bundled into the page.
 */
export const RANGE_CHOICES = [10, 30, 90] as const;
export type Range = (typeof RANGE_CHOICES)[number];
export const DEFAULT_RANGE_CHOICE: Range = 10;
