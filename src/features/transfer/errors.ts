import { ApiError } from '../../server/http/errors.ts';

/** A restore refused for what its archive holds: `reason` says which rule, in the interface too. */
export const invalidArchive = (reason: string, message: string, extra: object = {}) =>
  new ApiError(422, 'invalid_archive', message, { details: { reason, ...extra } });
