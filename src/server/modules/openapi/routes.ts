import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../../shared/api/openapi.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { version } from '../../version.ts';

/** GET /api/openapi.json: the route table as an OpenAPI 3.1 document, for admins (decision 033). */
export async function openApiRoutes(app: FastifyInstance) {
  const route = typedRoutes(app);
  route.get('/api/openapi.json', async () => openApiDocument(version));
}
