import type { ApiBody, ApiResponse, HttpMethod, RouteKey, RoutePath } from '../../shared/api/contract';
import { translateMessage } from './i18n';

/**
 * The one API client. Errors become ApiError with the server's message, code and
 * per-field messages; every failure is logged to the console (spec section 8, 'Other');
 * a 401 tells the auth context that the session is gone.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever a request comes back 401 (other than the session probe itself). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Do not broadcast a 401 (used by the session probe). */
  quiet401?: boolean;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === 'AbortError';

/**
 * The request itself, private on purpose: features call the typed helpers below, whose answer
 * type comes from the contract, never a caller's unchecked `api<T>` (decision 019).
 */
async function api(path: string, opts: RequestOptions = {}): Promise<unknown> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { ...(opts.body === undefined || isForm ? {} : { 'content-type': 'application/json' }), ...opts.headers },
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (err) {
    // A request the app cancelled (navigation, a newer query) is not a failure: no log.
    if (isAbort(err) || opts.signal?.aborted) throw err;
    console.error(`Request failed: ${method} ${path}`, err);
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const body = (data ?? {}) as { message?: string; code?: string; fields?: Record<string, string> };
    const error = new ApiError(res.status, body.message || `Request failed (${res.status})`, body.code, body.fields);
    if (!(res.status === 401 && opts.quiet401)) console.error(`Request failed: ${method} ${path}`, res.status, error.message);
    if (res.status === 401 && !opts.quiet401) for (const l of unauthorizedListeners) l();
    throw error;
  }
  return data;
}

/** The `:name` placeholders of a contract path, e.g. 'id' | 'kind'. */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

type QueryValue = string | number | boolean | null | undefined;

/**
 * Options of a typed call: the path's parameters (required when it has any), a query string, and
 * the body the route table declares for the route (its schema's input, or form data for an upload).
 */
export type CallOptions<P extends string, K extends RouteKey = RouteKey> = Omit<RequestOptions, 'method' | 'body'> & {
  query?: Record<string, QueryValue>;
  body?: ApiBody<K>;
} & ([ParamNames<P>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<P>, string> });

type CallArgs<P extends string, K extends RouteKey> = [ParamNames<P>] extends [never]
  ? [opts?: CallOptions<P, K>]
  : [opts: CallOptions<P, K>];

/** The URL of a contract path: placeholders filled (encoded), the query appended without empty values. */
export function apiUrl(path: string, params?: Record<string, string>, query?: Record<string, QueryValue>): string {
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

function call<M extends HttpMethod>(method: M) {
  return <P extends RoutePath<M>>(
    path: P,
    ...[opts]: CallArgs<P, `${M} ${P}` & RouteKey>
  ): Promise<ApiResponse<`${M} ${P}` & RouteKey>> => {
    const { params, query, ...rest } = (opts ?? {}) as Omit<RequestOptions, 'method'> & {
      params?: Record<string, string>;
      query?: Record<string, QueryValue>;
    };
    // The one cast of an answer to its type: the contract's word for this route.
    return api(apiUrl(path, params, query), { ...rest, method }) as Promise<ApiResponse<`${M} ${P}` & RouteKey>>;
  };
}

/**
 * Typed calls: the path is a route of the API contract (src/shared/api/contract.ts) with its
 * `:placeholders`, and the answer has the contract's type. `apiGet('/api/deals/:id', { params: { id } })`.
 * The untyped request behind them is not exported, so no caller can name its own answer type.
 */
export const apiGet = call('GET');
export const apiPost = call('POST');
export const apiPut = call('PUT');
export const apiPatch = call('PATCH');
export const apiDelete = call('DELETE');

/** The server's message of a failed request, if there is one to show, in the user's language (the errors catalogue). */
export function serverMessage(err: unknown): string | undefined {
  return err instanceof Error ? (err.message ? translateMessage(err.message) : undefined) : undefined;
}
