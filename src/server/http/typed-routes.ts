import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ApiResponse, FileBody, HttpMethod, RouteKey, RoutePath } from '../../shared/api/contract.ts';

/**
 * What a handler may answer for a route: the contract's JSON type, or anything for a file route
 * (it sends bytes through the reply: sendStoredFile, a PDF).
 */
type ReplyOf<K extends RouteKey> = ApiResponse<K> extends FileBody ? unknown : ApiResponse<K>;

type Register<M extends HttpMethod> = <P extends RoutePath<M>>(
  path: P,
  opts: RouteShorthandOptions,
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    { Reply: ReplyOf<`${M} ${P}` & RouteKey> }
  >,
) => void;

export interface TypedRoutes {
  get: Register<'GET'>;
  post: Register<'POST'>;
  put: Register<'PUT'>;
  patch: Register<'PATCH'>;
  delete: Register<'DELETE'>;
}

/**
 * Registers routes that are in the API contract (src/shared/api/contract.ts, decision 019): the
 * path must be one of the contract's for that method, and the handler's answer (its return value,
 * or what it passes to `reply.send`) must have the contract's type. Same registration as
 * `app.get(path, opts, handler)`, so hooks and the route table are unchanged.
 */
export function typedRoutes(app: FastifyInstance): TypedRoutes {
  const on =
    <M extends HttpMethod>(method: M): Register<M> =>
    (path, opts, handler) => {
      app.route({ ...opts, method, url: path, handler: handler as RouteHandlerMethod });
    };
  return { get: on('GET'), post: on('POST'), put: on('PUT'), patch: on('PATCH'), delete: on('DELETE') };
}
