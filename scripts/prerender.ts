/**
 * Vite build plugin: prerendering and precompression (issue 8, items 6 and 7).
 *
 * After the client build is written it
 *  1. builds scripts/prerender-entry.tsx for Node (a throwaway SSR build) and renders the real
 *     app at each PAGES url into a copy of index.html: landing.html for '/', login.html for
 *     '/login', marked <div id="root" data-prerendered> so src/web/main.tsx hydrates instead of
 *     rendering from scratch. In those pages the stylesheet is inlined (no render-blocking
 *     request), the route's lazy chunk is modulepreloaded, and /login preloads its session
 *     check. Request-time values (company name, year) are slots the server fills in
 *     (src/server/http/spa.ts, src/web/features/landing/prerender-slots.ts).
 *     prerendered.json maps urls to files.
 *  2. writes .br and .gz next to every script, stylesheet and other text asset, which the
 *     server sends as-is to browsers that accept them (@fastify/static preCompressed).
 *
 * PRERENDER=0 skips step 1 (the server then serves index.html for every page, as before).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = path.join(ROOT, 'scripts/prerender-entry.tsx');
const ROUTER_SHIM = path.join(ROOT, 'scripts/prerender-router.tsx');

/**
 * The pages served prerendered: url, file written next to index.html, the route's lazy module
 * (modulepreloaded), and API GETs the page makes on start that are worth starting early.
 */
export const PAGES: readonly { url: string; file: string; module: string; preloadFetch: readonly string[] }[] = [
  { url: '/', file: 'landing.html', module: 'src/web/features/landing/landing-page.tsx', preloadFetch: [] },
  // The login card waits for the session check (spec: 'Initializing...'); start it with the page.
  { url: '/login', file: 'login.html', module: 'src/web/features/auth/login-page.tsx', preloadFetch: ['/api/auth/me'] },
];
export const PRERENDER_MANIFEST = 'prerendered.json';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|xml|webmanifest)$/;
const ROOT_DIV = '<div id="root"></div>';
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface ChunkInfo {
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/** Renders PAGES with the real app in Node; returns url -> body HTML. */
async function renderPages(): Promise<Map<string, string>> {
  // Inside the project so that Node resolves the externalized packages from node_modules.
  const cacheDir = path.join(ROOT, 'node_modules/.cache');
  await mkdir(cacheDir, { recursive: true });
  const tmp = await mkdtemp(path.join(cacheDir, 'prerender-'));
  try {
    const routerShim: Plugin = {
      name: 'prerender-router-shim',
      enforce: 'pre',
      resolveId(id, importer) {
        if (id === 'react-router' && importer && path.resolve(importer) !== ROUTER_SHIM) return ROUTER_SHIM;
        return null;
      },
    };
    const output = await build({
      configFile: false,
      root: ROOT,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react(), routerShim],
      build: { ssr: ENTRY, outDir: tmp, emptyOutDir: true, minify: false, copyPublicDir: false, write: true },
    });
    const outputs = Array.isArray(output) ? output : [output];
    let entryFile: string | undefined;
    for (const o of outputs) {
      if (!('output' in o)) continue;
      for (const item of o.output) if (item.type === 'chunk' && item.isEntry) entryFile = item.fileName;
    }
    if (!entryFile) throw new Error('prerender: the SSR build produced no entry chunk');
    const mod = (await import(pathToFileURL(path.join(tmp, entryFile)).href)) as {
      render(url: string): Promise<string>;
    };
    const pages = new Map<string, string>();
    for (const page of PAGES) pages.set(page.url, await mod.render(page.url));
    return pages;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The chunk of a module and everything it imports statically, minus what index.html already loads. */
function preloadsFor(module: string, chunks: ChunkInfo[], html: string): string[] {
  const abs = path.join(ROOT, module);
  const start = chunks.find((c) => c.facadeModuleId && path.resolve(c.facadeModuleId) === abs);
  if (!start) return [];
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (c: ChunkInfo) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const i of c.imports) {
      const next = byName.get(i);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen].filter((f) => !html.includes(`/${f}"`));
}

async function inlineStylesheets(html: string, outDir: string, base: string): Promise<string> {
  let out = html;
  for (const match of html.matchAll(STYLESHEET_LINK)) {
    const href = match[1] ?? '';
    if (!href.startsWith(base)) continue;
    const css = await readFile(path.join(outDir, href.slice(base.length)), 'utf8');
    if (/<\/style/i.test(css)) continue;
    out = out.replace(match[0], () => `<style>${css}</style>`);
  }
  return out;
}

async function compressDir(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        const body = await readFile(file);
        if (body.length < 1024) return;
        const [gz, br] = await Promise.all([
          gzipAsync(body, { level: 9 }),
          brotliAsync(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ]);
        if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        if (br.length < body.length) await writeFile(`${file}.br`, br);
      }),
  );
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  let chunks: ChunkInfo[] = [];
  return {
    name: 'syndicate-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      chunks = Object.values(bundle)
        .filter((b) => b.type === 'chunk')
        .map((c) => ({ fileName: c.fileName, facadeModuleId: c.facadeModuleId, imports: [...c.imports] }));
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      if (process.env.PRERENDER !== '0') {
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes(ROOT_DIV)) throw new Error(`prerender: index.html has no ${ROOT_DIV}`);
        const rendered = await renderPages();
        const manifest: Record<string, string> = {};
        for (const page of PAGES) {
          const body = rendered.get(page.url) ?? '';
          const preloads = preloadsFor(page.module, chunks, template)
            .map((f) => `<link rel="modulepreload" crossorigin href="${config.base}${f}">`)
            .join('\n    ');
          // A same-origin fetch preload with crossorigin="anonymous" matches the app's fetch()
          // (mode cors, credentials same-origin), which then uses the preloaded response.
          const fetches = page.preloadFetch
            .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous">`)
            .join('\n    ');
          let html = template.replace(ROOT_DIV, `<div id="root" data-prerendered="">${body}</div>`);
          // Inline the stylesheet: one round trip less before the first paint (the CSP allows
          // inline styles: style-src 'unsafe-inline', see src/server/app.ts).
          html = await inlineStylesheets(html, outDir, config.base);
          const extra = [preloads, fetches].filter(Boolean).join('\n    ');
          if (extra) html = html.replace('</head>', `  ${extra}\n  </head>`);
          await writeFile(path.join(outDir, page.file), html);
          manifest[page.url] = page.file;
        }
        await writeFile(path.join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
        config.logger.info(`prerendered ${PAGES.map((p) => `${p.url} -> ${p.file}`).join(', ')}`);
      }
      await compressDir(outDir);
    },
  };
}
