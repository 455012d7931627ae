/**
 * Where the API client gets the signed-in user's access token from. The auth feature registers
 * its client here once (`setAccessTokenSource`), so every feature's fetchers send
 * `Authorization: Bearer …` through `lib/api-client.ts` without importing the auth feature.
 */
export type AccessTokenSource = () => Promise<string | null> | string | null;

let source: AccessTokenSource | null = null;

/** Registers the token source (the auth client); `null` unregisters it. */
export function setAccessTokenSource(next: AccessTokenSource | null): void {
  source = next;
}

/** The current access token (refreshed first when it is about to expire), or `null`. */
export async function getAccessToken(): Promise<string | null> {
  if (source === null) return null;
  try {
    return (await source()) ?? null;
  } catch (error) {
    // A failed refresh is the auth feature's to report; the request goes out signed out.
    console.error('Could not read the access token', error);
    return null;
  }
}
