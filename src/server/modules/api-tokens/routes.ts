import type { FastifyInstance } from 'fastify';
import { TOKEN_MESSAGES } from '../../../shared/api-tokens.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { createToken, listTokens, revokeOwnToken } from './service.ts';

/** A user's own API tokens (issue 34): list, create (the secret shown once), revoke. */
export async function apiTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);

  route.get('/api/me/tokens', async (request) => ({ tokens: await listTokens(ctx.db, currentUser(request)) }));

  route.post('/api/me/tokens', async (request, reply) => {
    const created = await createToken(ctx, currentUser(request), request.body, clientIp(request));
    // The secret is in this answer only: nothing may keep it.
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(created);
  });

  route.delete('/api/me/tokens/:id', async (request) => {
    const id = idParam(request.params, TOKEN_MESSAGES.notFound);
    return { tokens: await revokeOwnToken(ctx, currentUser(request), id, clientIp(request)) };
  });
}
