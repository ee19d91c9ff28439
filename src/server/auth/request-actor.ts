import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who acts in the request being handled, beyond its user: the API token it came with (issue 34,
 * decision 044). The guard fills it; `logActivity` reads it so that every activity row a token's
 * request writes names the token (its id, name and first characters), the way a session's rows
 * carry the address. Outside a request (jobs, the outboxes) there is no store.
 */
export interface RequestActor {
  apiToken?: { id: string; name: string; hint: string; userId: string };
}

export const requestActor = new AsyncLocalStorage<RequestActor>();

/** The API token the current request came with, if any. */
export function currentApiToken(): RequestActor['apiToken'] {
  return requestActor.getStore()?.apiToken;
}
