import type {
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import {
  API,
  type ApiResponse,
  type FileBody,
  type HttpMethod,
  type ParsedBody,
  type ParsedQuery,
  pathParams,
  type RouteEntry,
  type RouteKey,
  type RoutePath,
} from '../../shared/api/contract.ts';
import { parse } from './errors.ts';

/**
 * What a handler may answer for a route: the table's JSON type, or anything for a file route
 * (it sends bytes through the reply: sendStoredFile, a PDF).
 */
type ReplyOf<K extends RouteKey> = ApiResponse<K> extends FileBody ? unknown : ApiResponse<K>;

/** The `:name` placeholders of a path, e.g. 'id' | 'kind'. */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** What a handler sees: the query and body already parsed by the entry's schemas. */
type Handler<K extends RouteKey, P extends string> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  { Reply: ReplyOf<K>; Body: ParsedBody<K>; Querystring: ParsedQuery<K>; Params: Record<ParamNames<P>, string | undefined> }
>;

/** Route options, without `access`: who may call a route is the table's word, never the module's. */
export type RouteOptions = Omit<RouteShorthandOptions, 'config'> & {
  config?: Omit<FastifyContextConfig, 'access'> & { access?: never };
};

interface Register<M extends HttpMethod> {
  <P extends RoutePath<M>>(path: P, handler: Handler<`${M} ${P}` & RouteKey, P>): void;
  <P extends RoutePath<M>>(path: P, opts: RouteOptions, handler: Handler<`${M} ${P}` & RouteKey, P>): void;
}

export interface TypedRoutes {
  get: Register<'GET'>;
  post: Register<'POST'>;
  put: Register<'PUT'>;
  patch: Register<'PATCH'>;
  delete: Register<'DELETE'>;
}

/** The table's entry of a route, or an error: a route missing from the table cannot be registered. */
export function tableEntry(method: string, path: string): RouteEntry {
  const entry = (API as Record<string, RouteEntry | undefined>)[`${method} ${path}`];
  if (!entry) throw new Error(`${method} ${path} is not in the route table (src/shared/api/contract.ts)`);
  return entry;
}

/**
 * Registers routes from the route table (src/shared/api/contract.ts, decision 033): the path must
 * be one of the table's for that method (a type error otherwise, and an error at start-up), the
 * access guard is set from the entry's `access`, the path parameters' schemas (`pathParams`) and
 * the entry's query and body schemas parse the request before the handler runs (a mismatch is a 400 with field messages, `parse`), and the
 * handler's answer must have the table's type.
 */
export function typedRoutes(app: FastifyInstance): TypedRoutes {
  const on = <M extends HttpMethod>(method: M): Register<M> =>
    // The overloads check the path and handler; inside, the handler is Fastify's plain kind.
    ((path: string, ...rest: [RouteHandlerMethod] | [RouteOptions, RouteHandlerMethod]) => {
      const [opts, handler] = rest.length === 1 ? [{} as RouteOptions, rest[0]] : rest;
      const entry = tableEntry(method, path);
      if (opts.config && 'access' in opts.config) throw new Error(`${method} ${path}: access comes from the route table`);
      const { query, body } = entry;
      const shape = pathParams(`${method} ${path}`, entry);
      const params = Object.keys(shape).length > 0 ? z.object(shape) : undefined;
      const validated: RouteHandlerMethod =
        params || query || body
          ? function (request, reply) {
              // A malformed path parameter (an :id that is not a UUID) is a 400 with its field
              // message before the query and the body are read (decision 033, amended).
              if (params) request.params = parse(params, request.params);
              if (query) request.query = parse(query, request.query);
              if (body) request.body = parse(body, request.body);
              return handler.call(this, request, reply);
            }
          : handler;
      app.route({ ...opts, method, url: path, config: { ...opts.config, access: entry.access }, handler: validated });
    }) as unknown as Register<M>;
  return { get: on('GET'), post: on('POST'), put: on('PUT'), patch: on('PATCH'), delete: on('DELETE') };
}
