import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Fastify instance and the plugins and hooks every request pays for, without any of our
 * routes or access control. buildApp uses it, and so does the benchmark's "Fastify with the same
 * plugins" baseline (bench/target.ts), so that baseline is this configuration by construction.
 */
export function createFastify(opts: { logger?: FastifyServerOptions['logger']; trustProxy: false | number | string[] }): FastifyInstance {
  return Fastify({
    logger: opts.logger ?? false,
    // A hop count trusts that many proxies nearest the server; the client is the rightmost
    // X-Forwarded-For entry beyond them (entries further left are the client's own words).
    trustProxy: typeof opts.trustProxy === 'number' ? trustHops(opts.trustProxy) : opts.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request (below) instead of Fastify's two: half the logging cost.
    logController: new LogController({ disableRequestLogging: true }),
  });
}

const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix injects <style> elements (scroll locking); scripts stay strictly 'self'.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // HSTS only means something over HTTPS; it is added below when the request came that way.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers for HELMET_OPTIONS, computed once. @fastify/helmet calls helmet(options) on
 * every request, which re-parses the CSP directives each time (profile: 15% of a health
 * check's CPU in dashify/parseDirectives); the headers never change, so they are built here
 * once by helmet itself and copied onto each reply.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader(name: string, value: string) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerPlugins(app: FastifyInstance, opts: { maxUploadBytes: number }): Promise<void> {
  // The request log line: one per request, built from scalars only.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url, ip: request.ip },
        res: { statusCode: reply.statusCode },
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true, preservePath: true, limits: { fileSize: opts.maxUploadBytes } });
  // Security headers first, so every reply has them (errors too); a route may still override
  // one (downloads set their own CSP).
  const security = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of security) reply.header(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
