// Import boundaries (decision record 013): every import of every file under src/ is parsed and
// resolved, and each must flow in an allowed direction. The rules, one function per layer:
// - src/shared imports neither src/server nor src/web;
// - src/server never imports src/web; its lower layers (db/, storage/, http/, auth/) never import
//   modules/;
// - web features never import app/; a feature imports another feature only through that
//   feature's public entry named in PUBLIC_FEATURE_ENTRIES (else compose in app/);
// - web components/ and lib/ never import features/ or app/;
// - server modules never import server/seed/ (the seed composes modules, not the other way);
// - no import cycles (tests aside) among src/shared files, nor among server modules (issue 28);
// - the toast library is reached only through lib/toast.ts (a success clears stale errors) and
//   app/app.tsx (which mounts its Toaster): PACKAGE_GATES.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname);

/** Files of one feature other features may import (decision record 013). Empty on purpose. */
// The screening feature's investor section sits on the DFSA Compliance page (issue 31).
// The feeds' calendar card and ILPA downloads sit on the Profile and the capital-call screens (issue 34 part 3).
// The records feature's data-requests card sits on the investor's profile (issue 33, decision 051).
// The tax self-certification section sits on the DFSA Compliance page too (issue 31 part 3); its admin
// panel on the KYC review and its CRS/FATCA export on the Compliance Center.
// The evidence packs' card sits on the Audit Trail page (issue 33, decision 052).
// The risk feature's panel, queue and card sit on Investor Onboarding and DFSA Compliance (issue 31 part 4).
// The signing feature's status card (with void, resend and the trail) sits on the admin's deal page (issue 30).
const PUBLIC_FEATURE_ENTRIES: Record<string, string[]> = {
  screening: ['investor-screening-section'],
  feeds: ['index'],
  records: ['data-requests-card'],
  tax: ['tax-section', 'admin-tax-panel', 'tax-export-card'],
  evidence: ['evidence-packs-card'],
  retention: ['retention-card'],
  risk: ['risk-panel', 'refresh-queue', 'refresh-card', 'i18n'],
  signing: ['pack-status-card'],
};

/** Packages only these files (relative to src/) may import: everything else goes through them. */
const PACKAGE_GATES: Record<string, string[]> = {
  sonner: ['web/lib/toast.ts', 'web/lib/toast.test.ts', 'web/app/app.tsx', 'web/testing/render.tsx'],
};

/**
 * What only an endpoint file (a feature's api.ts, or web/lib) may call (decision record 032): the
 * API client's requests, fetch itself and the query library's data hooks. useQueryClient is not
 * on the list; the cache helpers it feeds live in the api.ts files too.
 */
const DIRECT_LOADING =
  /\b(apiGet|apiPost|apiPut|apiPatch|apiDelete|apiSend|postMultipart|useQuery|useQueries|useSuspenseQuery|useMutation|useInfiniteQuery)\b|\bfetch\(/;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

/** Every module specifier a file names: static imports and re-exports, dynamic imports. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  // Comments could mention an import in prose; drop them first (strings are left intact).
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) if (m[1]) found.push(m[1]);
  return found;
}

/** The file an import names, relative to src/ (undefined for packages and node: built-ins). */
function resolveTarget(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  return path
    .relative(ROOT, path.resolve(path.dirname(fromFile), spec))
    .split(path.sep)
    .join('/');
}

/** Why an import from `from` to `to` (both relative to src/) is forbidden, or undefined. */
function violation(from: string, to: string): string | undefined {
  // Tests may drive the repository's own scripts (npm start's launcher); product code may not.
  if (to.startsWith('../scripts/') && /\.test\.tsx?$/.test(from)) return undefined;
  if (to.startsWith('..')) return 'imports from outside src/';
  const [fromSide] = from.split('/');
  const [toSide] = to.split('/');
  if (fromSide === 'shared' && toSide !== 'shared') return 'src/shared imports neither side';
  if (fromSide === 'server' && toSide === 'web') return 'src/server never imports src/web';
  if (fromSide === 'web' && toSide === 'server') return 'src/web never imports src/server';
  if (fromSide === 'server') {
    const layer = from.split('/')[1];
    if (['db', 'storage', 'http', 'auth'].includes(layer ?? '') && to.startsWith('server/modules/'))
      return `server/${layer}/ never imports server/modules/`;
    if (layer === 'modules' && to.startsWith('server/seed/')) return 'server/modules/ never imports server/seed/';
  }
  if (fromSide === 'web') {
    const layer = from.split('/')[1];
    if ((layer === 'components' || layer === 'lib') && (to.startsWith('web/features/') || to.startsWith('web/app/')))
      return `web/${layer}/ never imports features/ or app/`;
    if (layer === 'features') {
      if (to.startsWith('web/app/')) return 'a feature never imports app/';
      const fromFeature = from.split('/')[2];
      if (to.startsWith('web/features/')) {
        const toFeature = to.split('/')[2] ?? '';
        if (toFeature !== fromFeature) {
          const entry = to
            .split('/')
            .slice(3)
            .join('/')
            .replace(/\.(ts|tsx)$/, '');
          const allowed = PUBLIC_FEATURE_ENTRIES[toFeature] ?? [];
          if (!allowed.includes(entry))
            return `feature ${fromFeature} imports feature ${toFeature} outside its public entry (compose in app/)`;
        }
      }
    }
  }
  return undefined;
}

/** Each cycle of a directed graph once, as 'a -> b -> a' (depth-first search; a back edge closes one). */
function cycles(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of [...(edges.get(n) ?? [])].sort()) {
      if (state.get(m) === 'open') found.push([...stack.slice(stack.indexOf(m)), m].join(' -> '));
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of [...edges.keys()].sort()) if (!state.has(n)) visit(n);
  return found;
}

describe('import boundaries', () => {
  it('the rules catch each forbidden direction and let allowed ones through', () => {
    expect(violation('web/features/kyc/page.tsx', 'web/app/app-shell')).toMatch(/app/);
    expect(violation('web/features/kyc/page.tsx', 'web/features/subscriptions/api')).toMatch(/feature kyc/);
    expect(violation('web/features/kyc/page.tsx', 'web/features/kyc/api')).toBeUndefined();
    expect(violation('web/features/kyc/page.tsx', 'web/components/ui/button')).toBeUndefined();
    expect(violation('web/components/ui/x.tsx', 'web/features/kyc/api')).toMatch(/components/);
    expect(violation('web/lib/api.ts', 'web/app/app')).toMatch(/lib/);
    expect(violation('web/app/app.tsx', 'web/features/kyc/page')).toBeUndefined();
    expect(violation('server/db/bootstrap.ts', 'server/modules/users/service')).toMatch(/db/);
    expect(violation('server/storage/upload.ts', 'server/modules/documents/content')).toMatch(/storage/);
    expect(violation('server/modules/users/service.ts', 'server/db/client')).toBeUndefined();
    expect(violation('server/http/spa.ts', 'web/lib/company')).toMatch(/src\/web/);
    expect(violation('shared/format.ts', 'web/lib/cn')).toMatch(/shared/);
    expect(violation('shared/format.ts', 'shared/dates')).toBeUndefined();
    expect(specifiers("import a from './a';\nimport type { B } from \"../b\";\nexport * from './c';")).toEqual(['./a', '../b', './c']);
    expect(specifiers("import './side-effect.css';\nconst x = await import('./lazy');")).toEqual(['./side-effect.css', './lazy']);
    expect(specifiers("import {\n  a,\n  b,\n} from './multi';\n// import x from './commented'")).toEqual(['./multi']);
  });

  it('every import under src/ flows in an allowed direction', () => {
    const problems: string[] = [];
    for (const file of walk(ROOT)) {
      const from = path.relative(ROOT, file).split(path.sep).join('/');
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const to = resolveTarget(file, spec);
        if (to === undefined) continue;
        const why = violation(from, to);
        if (why) problems.push(`${from} -> ${spec}: ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('no import cycles among src/shared files, nor among server modules (tests aside)', () => {
    // The graph's nodes: a file for src/shared, a module folder for src/server/modules.
    const node = (file: string) =>
      file.startsWith('shared/') ? file : file.startsWith('server/modules/') ? file.split('/').slice(0, 3).join('/') : undefined;
    const edges = new Map<string, Set<string>>();
    for (const file of walk(ROOT)) {
      const from = path.relative(ROOT, file).split(path.sep).join('/');
      const a = node(from);
      if (a === undefined || /\.test\.tsx?$/.test(from)) continue;
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const to = resolveTarget(file, spec);
        const b = to === undefined ? undefined : node(to);
        if (b === undefined || b === a || b.split('/')[0] !== a.split('/')[0]) continue;
        if (!edges.has(a)) edges.set(a, new Set());
        edges.get(a)?.add(b);
      }
    }
    expect(cycles(edges)).toEqual([]);
  });

  it('the cycle finder finds a cycle and passes a chain', () => {
    const graph = (pairs: [string, string][]) => {
      const g = new Map<string, Set<string>>();
      for (const [a, b] of pairs) g.set(a, new Set([...(g.get(a) ?? []), b]));
      return g;
    };
    expect(
      cycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toEqual(['a -> b -> c -> a']);
    expect(
      cycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('gated packages are imported only by their gate files', () => {
    const problems: string[] = [];
    for (const file of walk(ROOT)) {
      const from = path.relative(ROOT, file).split(path.sep).join('/');
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const allowed = PACKAGE_GATES[spec];
        if (allowed && !allowed.includes(from)) problems.push(`${from} imports ${spec}: use ${allowed[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // Issue 17: a screen over 400 lines is split into its parts (decision record 018).
  it('no web screen or component file is over 400 lines', () => {
    const long = walk(path.join(ROOT, 'web'))
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => ({ file: path.relative(ROOT, file).split(path.sep).join('/'), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 400)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  // Issue 17: shared list primitives. A loading placeholder is components/ui/skeleton.tsx's
  // Skeleton or ListSkeleton (which stop moving under reduced motion), not a pulse of its own.
  it('loading placeholders come from components/ui/skeleton.tsx', () => {
    const own = walk(path.join(ROOT, 'web'))
      .filter((file) => file.endsWith('.tsx') && !file.includes(`${path.sep}components${path.sep}ui${path.sep}`))
      .filter((file) => readFileSync(file, 'utf8').includes('animate-pulse'))
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/'));
    expect(own).toEqual([]);
  });

  // Issue 28: one way to load data (decision record 032). A screen or component never calls the
  // API or the query library itself: each feature's api.ts (or web/lib for what several features
  // read) exports the endpoint's queryOptions and hooks, keyed by the endpoint.
  it('no .tsx file under web/ loads data itself (apiGet, fetch, useQuery, ...): it uses an api.ts hook', () => {
    const direct = walk(path.join(ROOT, 'web'))
      .filter((file) => file.endsWith('.tsx') && !/\.test\.tsx$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(ROOT, file).split(path.sep).join('/')}:${i + 1}` }))
          .filter(({ line }) => DIRECT_LOADING.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(direct).toEqual([]);
  });

  // Issues 17 and 28: a query key comes from its endpoint (endpointKey in web/lib/query-keys.ts,
  // decision record 032); a key written inline could cache one endpoint under two keys.
  it('query keys come only from endpointKey in web/lib/query-keys.ts', () => {
    const inline = walk(path.join(ROOT, 'web'))
      .filter((file) => !file.endsWith('query-keys.ts') && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(ROOT, file).split(path.sep).join('/')}:${i + 1}` }))
          .filter(
            ({ line }) =>
              /queryKey:\s*\[/.test(line) ||
              /Keys\s*=\s*\{/.test(line) ||
              // a key of a feature's own: `const fooKey = [...]` or `const fooKey = (id) => [...]`
              /\b\w*Key\s*=\s*(\([^)]*\)\s*=>\s*)?\[/.test(line),
          )
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(inline).toEqual([]);
  });
});
