import type { ApiResponse, RouteKey } from '../../shared/api/contract';

/**
 * A fake `fetch` for component tests (decision record 034): it answers each route of the API
 * contract with JSON of the contract's type for that route (`ApiResponse<'GET /api/deals'>`), so
 * a fake that drifts from the contract fails the type check. No server runs; integration tests
 * still use the real app (`app.inject`), never this.
 */

/** One request a component made. */
export interface FakeRequest {
  /** The contract's route key it matched, e.g. 'GET /api/deals/:id'. */
  key: RouteKey | null;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData as sent. */
  body: unknown;
}

/** A non-JSON-200 answer: a status with the server's error shape (or any body). */
export class FakeReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** The server's error answer: `{ message, code?, fields? }` with a 4xx status. */
export const failWith = (status: number, message: string, extra: { code?: string; fields?: Record<string, string> } = {}) =>
  new FakeReply(status, { message, ...extra });

type Answer<K extends RouteKey> = ApiResponse<K> | FakeReply;
export type FakeHandler<K extends RouteKey> = Answer<K> | ((req: FakeRequest) => Answer<K> | Promise<Answer<K>>);
/** The fake's answers, by the contract's route key. */
export type FakeRoutes = { [K in RouteKey]?: FakeHandler<K> };

/** A route key's path as a pattern: `:name` placeholders match one segment. */
function matcher(key: string) {
  const [method, pattern = ''] = key.split(' ');
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { key: key as RouteKey, method, regex: new RegExp(`^${source}$`), names };
}

export interface FakeApi {
  /** Every request made, in order. */
  readonly calls: FakeRequest[];
  /** Requests no fake answered (they got a 404). */
  readonly unhandled: FakeRequest[];
  /** The requests of one route key. */
  callsTo(key: RouteKey): FakeRequest[];
  /** Adds or replaces answers while the test runs. */
  set(routes: FakeRoutes): void;
  restore(): void;
}

/** Replaces `window.fetch` with the fake until `restore()`. */
export function installFakeApi(initial: FakeRoutes = {}): FakeApi {
  const routes: FakeRoutes = { ...initial };
  const calls: FakeRequest[] = [];
  const unhandled: FakeRequest[] = [];
  const original = window.fetch;

  const fake = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    // Literal routes before parameterised ones ('/api/deals/options' before '/api/deals/:id').
    const match = Object.keys(routes)
      .map(matcher)
      .filter((m) => m.method === method)
      .sort((a, b) => a.names.length - b.names.length)
      .map((m) => ({ m, found: m.regex.exec(url.pathname) }))
      .find((x) => x.found);
    const request: FakeRequest = {
      key: match?.m.key ?? null,
      method,
      path: url.pathname,
      params: Object.fromEntries(match?.m.names.map((n, i) => [n, decodeURIComponent(match.found?.[i + 1] ?? '')]) ?? []),
      query: url.searchParams,
      body,
    };
    calls.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (!match) {
      unhandled.push(request);
      return Response.json({ message: `No fake for ${method} ${url.pathname}` }, { status: 404 });
    }
    const handler = routes[match.m.key] as FakeHandler<RouteKey>;
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    if (answer instanceof FakeReply) return Response.json(answer.body, { status: answer.status });
    return Response.json(answer);
  };
  window.fetch = fake as typeof window.fetch;

  return {
    calls,
    unhandled,
    callsTo: (key) => calls.filter((c) => c.key === key),
    set: (more) => Object.assign(routes, more),
    restore: () => {
      window.fetch = original;
    },
  };
}
