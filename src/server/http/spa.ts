import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPANY_NAME_SLOT, PRODUCT_NAME, YEAR_SLOT } from '../../shared/prerender.ts';
import { isAppPage } from '../../shared/routes.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The content-codings an Accept-Encoding header accepts (q > 0); '*' stands for gzip. */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!coding || (q !== undefined && !(Number(q.slice(2)) > 0))) continue;
    out.add(coding === '*' ? 'gzip' : coding.trim());
  }
  return out;
}

/** Written by the build (scripts/prerender.ts): url -> prerendered HTML file next to index.html. */
const PRERENDER_MANIFEST = 'prerendered.json';

/** The prerendered templates by url, and the build's files that are not served as such. */
function readPrerendered(webDir: string): { templates: Map<string, string>; internalFiles: Set<string> } {
  const templates = new Map<string, string>();
  const internalFiles = new Set<string>();
  const manifestPath = path.join(webDir, PRERENDER_MANIFEST);
  if (!existsSync(manifestPath)) return { templates, internalFiles };
  internalFiles.add(PRERENDER_MANIFEST);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, string>;
  for (const [url, file] of Object.entries(manifest)) {
    const name = path.basename(file);
    internalFiles.add(name);
    if (existsSync(path.join(webDir, name))) templates.set(url, readFileSync(path.join(webDir, name), 'utf8'));
  }
  return { templates, internalFiles };
}

/**
 * Serves the built SPA. index.html gets the company name from settings at request time as
 * a meta tag (no inline script, so the CSP stays strict). Any path that is not a file and
 * not /api gets index.html, and the SPA's router shows its own 404 page (status 404 when the
 * path is none of the SPA's pages, src/shared/routes.ts).
 *
 * Pages the build prerendered (prerendered.json: '/' and '/login') get their prerendered
 * HTML instead, with the company name and year slots filled in here (escaped); the SPA then
 * hydrates it. Built assets are sent precompressed (.br/.gz written by the build) when the
 * browser accepts it; the HTML is compressed here (cached per company name and year).
 * `readCompanyName` reads the settings (the app passes it in: http/ does not import modules).
 */
export async function registerSpa(
  app: FastifyInstance,
  webDir: string,
  readCompanyName: () => Promise<string>,
  /** The company's IANA time zone, written as <meta name="company-time-zone"> (decision record 020). */
  readTimeZone: () => Promise<string> = async () => 'UTC',
  /** The company's default language ('en' or 'ar'), written as <meta name="company-language"> (issue 16). */
  readLanguage: () => Promise<string> = async () => 'en',
) {
  const indexPath = path.join(webDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${webDir}; run "npm run build". The API still works.`);
    return;
  }
  const template = readFileSync(indexPath, 'utf8');
  const { templates: prerendered, internalFiles } = readPrerendered(webDir);
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    // The prerendered templates (unfilled slots) and their manifest are not served as files.
    allowedPath: (pathName) => !internalFiles.has(pathName.replace(/^\/+/, '')),
    // Off: the plugin's own cache-control header would override the one set here.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed build assets never change; anything else is revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // Register every built asset explicitly (wildcard: false), then fall back to the SPA.
  app.get('/', { config: { access: 'public' } }, (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    // A path the SPA has no page for: the same page (the SPA shows its 404), with status 404.
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
    if (!isAppPage(pathname)) reply.status(404);
    return sendIndex(request, reply);
  });

  const cache = new Map<string, { html: string; br?: Buffer; gzip?: Buffer }>();

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const companyName = await readCompanyName();
    const timeZone = await readTimeZone();
    const language = await readLanguage();
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
    const page = prerendered.has(pathname) ? pathname : '';
    const year = String(new Date().getFullYear());
    const key = `${page}\n${year}\n${companyName}\n${timeZone}\n${language}`;
    let entry = cache.get(key);
    if (!entry) {
      const name = escapeHtml(companyName);
      // Replacer functions: a '$&' or "$'" in the name must not act as a replacement pattern.
      let html = (prerendered.get(page) ?? template)
        .replace(
          '<meta charset="UTF-8" />',
          () =>
            `<meta charset="UTF-8" />\n    <meta name="company-name" content="${name}" />\n    <meta name="company-time-zone" content="${escapeHtml(timeZone)}" />\n    <meta name="company-language" content="${escapeHtml(language)}" />`,
        )
        .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`);
      if (page) {
        // As the SPA shows it (src/web/lib/company.ts: trimmed, product name when empty).
        const shown = escapeHtml(companyName.trim() || PRODUCT_NAME);
        html = html.replaceAll(COMPANY_NAME_SLOT, () => shown).replaceAll(YEAR_SLOT, () => year);
      }
      entry = { html };
      if (cache.size >= 32) cache.clear();
      cache.set(key, entry);
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (accepted.has('br')) {
      entry.br ??= brotliCompressSync(entry.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } });
      return reply.header('content-encoding', 'br').send(entry.br);
    }
    if (accepted.has('gzip')) {
      entry.gzip ??= gzipSync(entry.html, { level: 9 });
      return reply.header('content-encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.html);
  }
}
