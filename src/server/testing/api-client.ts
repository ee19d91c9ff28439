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
  cookie?: string;
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

const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
/** A refusal's body (`{ message, code?, fields? }`, docs/decisions/019): the tests read it through this, not a cast. */
export type ApiErrorBody = z.infer<typeof errorBodySchema>;

/** The body of a refusal, checked to have the error shape (a thrown parse error names what is missing). */
export function errorBody(res: LightMyRequestResponse): ApiErrorBody {
  return errorBodySchema.parse(res.json());
}
