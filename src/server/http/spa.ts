import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { getSettings } from '../modules/settings/service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Serves the built SPA. index.html gets the company name from settings at request time as
 * a meta tag (no inline script, so the CSP stays strict). Any path that is not a file and
 * not /api gets index.html, and the SPA's router shows its own 404 page.
 */
export async function registerSpa(app: FastifyInstance, ctx: AppContext, webDir: string) {
  const indexPath = path.join(webDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${webDir}; run "npm run build". The API still works.`);
    return;
  }
  const template = readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // Register every built asset explicitly (wildcard: false), then fall back to the SPA.
  app.get('/', { config: { access: 'public' } }, (request, reply) => sendIndex(request.url, reply));
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    return sendIndex(request.url, reply);
  });

  async function sendIndex(_url: string, reply: import('fastify').FastifyReply) {
    const { companyName } = await getSettings(ctx.db);
    const name = escapeHtml(companyName);
    const html = template
      .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta name="company-name" content="${name}" />`)
      .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }
}
