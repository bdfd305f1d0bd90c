import * as z from 'zod';

/** Folder and article ids and folder paths, as every call that names one takes them. */

/** Ids travel as numbers, or as the digit strings of a URL path. */
export const itemId = z.union([
  z.number().int().positive().max(2_147_483_647),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be an id')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
]);

export const pathArray = z.array(itemId).max(64, 'is deeper than 64 folders');
