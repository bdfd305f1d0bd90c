/**
 * An article id as the staff screens read it from their address (`/article?id=`,
 * `/translations?articleId=`). No zod here: the islands that need it stay small.
 */
/** The id, or null when it is not a positive whole number (a database integer). */
export function articleIdOf(param: string | null | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}
