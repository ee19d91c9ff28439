import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { ApiBody, ApiResponse, RouteKey } from '../../shared/api/contract.ts';

/**
 * The tests' typed client (decision 033): a route of the table by its key, its body typed by the
 * route's schema (the client's side of it), its successful answer typed by the table. Answers
 * other than 2xx come back as they are (`res`), for the status and message checks.
 *
 *   const { status, json } = await callApi(ctx.app, 'POST /api/spvs', { cookie, body: { ... } });
 */
export interface ApiCall<K extends RouteKey> {
  /** The session cookie; none (`null` or absent) calls as an anonymous client. */
  cookie?: string | null;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: ApiBody<K>;
  /**
   * A body sent as it is, unchecked by the type checker: for the refusal tests that send what the
   * route's schema must refuse (or build bodies from loose fixtures). The answer is still typed.
   */
  rawBody?: unknown;
  headers?: Record<string, string>;
}

/**
 * Fastify's injected response with `json()` typed by the route table: what `callApi` gives as
 * `res`. Read `json()` only after checking for a 2xx; a refusal's body is read with `errorBody`.
 */
export type ApiInjectResponse<K extends RouteKey> = { json(): ApiResponse<K> } & LightMyRequestResponse;

export interface ApiResult<K extends RouteKey> {
  status: number;
  /** The answer, typed by the route table (meaningful for a 2xx). */
  json: ApiResponse<K>;
  res: LightMyRequestResponse;
}

export async function callApi<K extends RouteKey>(app: FastifyInstance, key: K, call: ApiCall<K> = {}): Promise<ApiResult<K>> {
  const [method, path = ''] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const url = path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${key}`);
    return encodeURIComponent(value);
  });
  const res = await app.inject({
    method,
    url,
    query: call.query,
    headers: { ...(call.cookie ? { cookie: call.cookie } : {}), ...call.headers },
    ...(call.body === undefined && call.rawBody === undefined ? {} : { payload: (call.body ?? call.rawBody) as object }),
  });
  const type = String(res.headers['content-type'] ?? '');
  return { status: res.statusCode, json: (type.startsWith('application/json') ? res.json() : null) as ApiResponse<K>, res };
}

/**
 * `callApi` answering only its response, for the tests written against `app.inject`'s response
 * (`res.statusCode`, `res.body`, `res.json()`): the same calls with their answers typed.
 *
 *   const api = injectApi(() => ctx.app);
 *   const res = await api('GET /api/deals/:id/ledger', { cookie, params: { id } });
 *   res.json().ledger; // DealLedger
 */
export function injectApi(app: () => FastifyInstance) {
  // The one place an answer is typed by the table rather than checked (as in callApi): the route's
  // handler is typed by the same entry (typedRoutes), so its answer has this type.
  return async <K extends RouteKey>(key: K, call: ApiCall<K> = {}): Promise<ApiInjectResponse<K>> =>
    (await callApi(app(), key, call)).res as ApiInjectResponse<K>;
}

/** A 2xx answer's body, after checking its status (`status`, 200 unless told), typed by the route table. */
export function okJson<K extends RouteKey>(res: ApiInjectResponse<K>, status = 200): ApiResponse<K> {
  if (res.statusCode !== status) throw new Error(`Expected status ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
/** A refusal's body (`{ message, code?, fields? }`, docs/decisions/019): the tests read it through this, not a cast. */
export type ApiErrorBody = z.infer<typeof errorBodySchema>;

/** The body of a refusal, checked to have the error shape (a thrown parse error names what is missing). */
export function errorBody(res: { json(): unknown }): ApiErrorBody {
  return errorBodySchema.parse(res.json());
}
