/**
 * docs/concepts.md: for each concept (a server module), where it lives — its routes (from the
 * route table and the file that registers each), its server files, the shared rules it imports,
 * the web features that call its routes, and its tests. Generated from the source, never by
 * hand: `npm run docs:concepts` rewrites it, and src/shared/concept-map.test.ts fails when the
 * committed file is stale (issue 28: one name per concept, a map from concept to files).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '../src/shared/api/contract.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONCEPT_DOC = path.join(ROOT, 'docs/concepts.md');

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
}
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const read = (file: string) => readFileSync(file, 'utf8');

const REGISTER = /route\.(get|post|put|patch|delete)\(\s*(?:'([^']+)'|`([^`]+)`)/g;
const WEB_CALL = /api(Get|Post|Put|Patch|Delete)(?:<[^>(]*>)?\(\s*'([^']+)'/g;
const ENDPOINT_KEY = /'(GET|POST|PUT|PATCH|DELETE) (\/api\/[^']*)'/g;
const SHARED_IMPORT = /from '((?:\.\.\/)+shared\/[^']+)'/g;

/**
 * The URL prefix of a route path, the unit a routes file owns (src/route-files.test.ts): the first
 * segment after /api, without a file extension (`/api/openapi.json` -> `openapi`), except under
 * the prefixes that only scope other resources, where the next segment is the resource:
 *  - `/api/investor/...` and `/api/me/...`: the signed-in investor's or user's own resources
 *    (`/api/investor/distributions` -> `investor/distributions`);
 *  - `/api/deals/:id/...`, `/api/investors/:id/...`, `/api/capital-calls/:id/...`: the resources of
 *    one deal, investor or call, each computed by its own concept (`/api/deals/:id/terms` ->
 *    `deals/:id/terms`, the waterfall's; `/api/deals/:id` and `/api/deals/:id/move` stay `deals`,
 *    see ENTITY_ACTIONS).
 */
export const SCOPES = ['investor', 'me'] as const;
export const ENTITY_HUBS = ['deals', 'investors', 'capital-calls'] as const;
/** Sub-paths of an entity hub that act on the entity itself (its own concept), not a sub-resource. */
export const ENTITY_ACTIONS: Record<string, string[]> = { deals: ['move', 'valuations'] };

export function urlPrefix(routePath: string): string {
  const segments = routePath
    .replace(/^\/api\//, '')
    .split('/')
    .map((s) => s.replace(/\.(csv|json)$/, ''));
  const [first = '', second, third] = segments;
  if ((SCOPES as readonly string[]).includes(first) && second) return `${first}/${second}`;
  if ((ENTITY_HUBS as readonly string[]).includes(first) && second?.startsWith(':') && third) {
    if (!(ENTITY_ACTIONS[first] ?? []).includes(third)) return `${first}/${second}/${third}`;
  }
  return first;
}

export interface RouteRegistration {
  key: string;
  /** The server module (src/server/modules/<module>/) whose file registers it. */
  module: string;
  /** The registering file, relative to the repository root. */
  file: string;
}

/**
 * Which file registers each route of the table: `route.get('/api/...')` with a literal path, or a
 * template (one registration per action, or per view and download: `/api/kyc/:id/documents/:kind/${kind}`)
 * that stands for the routes of the table it matches and no literal registers.
 */
export function routeRegistrations(): RouteRegistration[] {
  const keys = ROUTES.map(([key]) => key as string);
  const modulesDir = path.join(ROOT, 'src/server/modules');
  const found = new Map<string, RouteRegistration>();
  const templates: { module: string; pattern: RegExp; file: string }[] = [];
  for (const module of readdirSync(modulesDir).sort()) {
    for (const file of walk(path.join(modulesDir, module)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      for (const m of read(file).matchAll(REGISTER)) {
        const method = String(m[1]).toUpperCase();
        if (m[2]) found.set(`${method} ${m[2]}`, { key: `${method} ${m[2]}`, module, file: rel(file) });
        else {
          const body = String(m[3])
            .replace(/[.*+?^()|[\]\\]/g, '\\$&')
            .replace(/\$\{[^}]+\}/g, '[^/]+');
          templates.push({ module, pattern: new RegExp(`^${method} ${body}$`), file: rel(file) });
        }
      }
    }
  }
  for (const t of templates)
    for (const key of keys) if (!found.has(key) && t.pattern.test(key)) found.set(key, { key, module: t.module, file: t.file });
  return [...found.values()];
}

interface Concept {
  name: string;
  routes: { key: string; access: string; file: string }[];
  serverFiles: string[];
  shared: Set<string>;
  web: Set<string>;
  tests: Set<string>;
}

export function renderConceptMap(): string {
  const access = new Map(ROUTES.map(([key, entry]) => [key as string, entry.access]));
  const modulesDir = path.join(ROOT, 'src/server/modules');
  const concepts: Concept[] = readdirSync(modulesDir)
    .sort()
    .filter((m) => statSync(path.join(modulesDir, m)).isDirectory())
    .map((name) => ({ name, routes: [], serverFiles: [], shared: new Set(), web: new Set(), tests: new Set() }));
  const owner = new Map<string, Concept>();
  const byName = new Map(concepts.map((c) => [c.name, c]));
  for (const r of routeRegistrations()) {
    const c = byName.get(r.module);
    if (!c) continue;
    c.routes.push({ key: r.key, access: access.get(r.key) ?? '(not in the route table)', file: r.file });
    owner.set(r.key, c);
  }
  for (const c of concepts) {
    for (const file of walk(path.join(modulesDir, c.name)).filter((f) => f.endsWith('.ts'))) {
      const text = read(file);
      if (file.endsWith('.test.ts')) c.tests.add(rel(file));
      else c.serverFiles.push(rel(file));
      for (const m of text.matchAll(SHARED_IMPORT)) {
        const shared = rel(path.resolve(path.dirname(file), String(m[1])));
        if (!shared.includes('/i18n/')) c.shared.add(shared);
      }
    }
  }

  // The web features whose files call a concept's routes (typed calls and endpoint keys).
  const featuresDir = path.join(ROOT, 'src/web/features');
  for (const feature of readdirSync(featuresDir).sort()) {
    for (const file of walk(path.join(featuresDir, feature)).filter((f) => /\.tsx?$/.test(f))) {
      const text = read(file);
      const keys = [
        ...[...text.matchAll(WEB_CALL)].map((m) => `${String(m[1]).toUpperCase()} ${m[2]}`),
        ...[...text.matchAll(ENDPOINT_KEY)].map((m) => `${m[1]} ${m[2]}`),
      ];
      for (const key of keys) {
        const c = owner.get(key);
        if (!c) continue;
        c.web.add(`src/web/features/${feature}`);
        if (/\.test\.tsx?$/.test(file)) c.tests.add(rel(file));
      }
    }
  }
  // Tests of the shared rules a concept imports, and the browser specs that call its routes.
  for (const c of concepts) {
    for (const shared of [...c.shared]) {
      const test = shared.replace(/\.ts$/, '.test.ts');
      if (existsSync(path.join(ROOT, test))) c.tests.add(test);
    }
  }
  for (const spec of walk(path.join(ROOT, 'e2e')).filter((f) => f.endsWith('.spec.ts'))) {
    const text = read(spec);
    for (const c of concepts) {
      const paths = new Set(c.routes.map((r) => r.key.split(' ')[1]));
      if ([...paths].some((p) => text.includes(`'${p}'`) || text.includes(`\`${p}`))) c.tests.add(rel(spec));
    }
  }

  const byPrefix = new Map<string, Set<string>>();
  for (const c of concepts)
    for (const r of c.routes) {
      const prefix = urlPrefix(String(r.key.split(' ')[1]));
      byPrefix.set(prefix, (byPrefix.get(prefix) ?? new Set()).add(c.name));
    }
  const shared = [...byPrefix].filter(([, owners]) => owners.size > 1);

  const list = (items: Iterable<string>) => {
    const sorted = [...items].sort();
    return sorted.length === 0 ? '- (none)' : sorted.map((i) => `- \`${i}\``).join('\n');
  };
  const out = [
    '# Concepts and their files',
    '',
    'Generated by `npm run docs:concepts` (scripts/concept-map.ts) from the route table',
    '(src/shared/api/contract.ts), the route registrations, the imports and the calls of the web',
    'features; a test fails when this file is stale. One section per server module.',
    '',
    `${concepts.length} concepts, ${concepts.reduce((n, c) => n + c.routes.length, 0)} routes.`,
    '',
    shared.length === 0
      ? 'Every URL prefix (`urlPrefix`, scripts/concept-map.ts) is served by one module.'
      : `URL prefixes (\`urlPrefix\`, scripts/concept-map.ts) served by more than one module: ${shared.map(([p, o]) => `\`${p}\` (${[...o].sort().join(', ')})`).join('; ')}.`,
    '',
  ];
  for (const c of concepts) {
    out.push(`## ${c.name}`, '');
    out.push('Routes:', '');
    out.push(
      c.routes.length === 0
        ? '- (none)'
        : c.routes
            .sort((a, b) => a.key.localeCompare(b.key))
            .map((r) => `- \`${r.key}\` (${r.access}; ${r.file.replace(`src/server/modules/${c.name}/`, '')})`)
            .join('\n'),
      '',
    );
    out.push('Server files:', '', list(c.serverFiles), '');
    out.push('Shared rules:', '', list(c.shared), '');
    out.push('Web features:', '', list(c.web), '');
    out.push('Tests:', '', list(c.tests), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(CONCEPT_DOC, renderConceptMap());
  console.log(`wrote ${rel(CONCEPT_DOC)}`);
}
