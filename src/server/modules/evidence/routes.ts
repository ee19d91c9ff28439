import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { sendStoredFile } from '../../storage/download.ts';
import { evidencePack, evidencePacks, PACK_NOT_FOUND, packFile, requestPack } from './service.ts';

/** The regulator's evidence pack (issue 33, decision 052): request, follow, list, download. */
export async function evidenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, name: user.name, ip: clientIp(request) };
  };
  route.get('/api/evidence-packs', async () => ({ packs: await evidencePacks(ctx.db) }));
  route.post('/api/evidence-packs', async (request, reply) => {
    reply.code(202);
    return { pack: await requestPack(ctx, request.body, actor(request)) };
  });
  route.get('/api/evidence-packs/:id', async (request) => ({ pack: await evidencePack(ctx.db, idParam(request.params, PACK_NOT_FOUND)) }));
  route.get('/api/evidence-packs/:id/download', async (request, reply) => {
    const file = await packFile(ctx.db, idParam(request.params, PACK_NOT_FOUND), actor(request));
    return sendStoredFile(reply, ctx.files, file, 'download');
  });
}
