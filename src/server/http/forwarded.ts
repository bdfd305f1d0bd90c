/**
 * The visitor's address behind a trusted reverse proxy (TRUST_PROXY): the last address of
 * X-Forwarded-For, the one our proxy added. Earlier entries come from the client, which may
 * write anything there; taking the first would let it pick the address sign-in throttling
 * counts it under.
 */
export function forwardedClient(header: string | undefined): string | undefined {
  const last = header?.split(',').at(-1)?.trim();
  return last ? last : undefined;
}
