/**
 * Web benchmark (issue 8, items 6 and 7).
 *
 * 6. Page weight: the JS and CSS that Chromium actually fetches on a first visit (empty cache)
 *    to `/`, `/login`, `/admin` (signed in as the admin) and `/investor` (signed in as the demo
 *    investor), in KB gzip. Measured with playwright-core driving Debian's Chromium.
 * 7. Lighthouse 12 (default = mobile preset, simulated throttling) on `/` and `/login`, three
 *    runs each, median reported.
 *
 * Builds the web app into a temporary directory (or uses `webDir`), starts its own server on a
 * fresh embedded database with demo data on a free port in 4300-4399, measures, stops it.
 *
 * Standalone: node --import tsx bench/web.ts [--quick] [--web-dir DIR] [--runs N] [--json FILE]
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-pass' };
const INVESTOR = { email: 'investor@demo.example.com', password: 'bench-demo-pass' };

/** Budgets (issue 8 item 6), in KB (1 KB = 1024 bytes) of gzip. */
const BUDGET_PUBLIC_JS_KB = 120;
const BUDGET_SIGNED_IN_KB = 300;
/** Lighthouse targets (issue 8 item 7). */
const TARGETS = { performance: 95, accessibility: 100, lcpMs: 2500, cls: 0.1 };

export interface WebBenchOptions {
  quick: boolean;
  /** An existing build to serve; otherwise the app is built into a temporary directory. */
  webDir?: string;
  /** Lighthouse runs per page (median reported); default 3. */
  lighthouseRuns?: number;
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
}

interface AssetRow {
  url: string;
  type: 'document' | 'script' | 'stylesheet' | 'font';
  /** Decoded size. */
  rawBytes: number;
  /** Bytes of body on the wire (encoded size reported by Chromium). */
  transferBytes: number;
  /** content-encoding the server answered with ('' = none). */
  encoding: string;
  /** gzip size: the wire size when the server sent gzip, otherwise gzip -9 of the body. */
  gzipBytes: number;
}

export interface PageWeight {
  page: string;
  path: string;
  signedInAs: string | null;
  jsGzipKB: number;
  cssGzipKB: number;
  /** The HTML document (gzip), which holds the CSS where it is inlined. */
  htmlGzipKB: number;
  /** Bytes of CSS inlined in <style> elements of the HTML (raw). */
  inlineCssRawKB: number;
  fontKB: number;
  jsTransferKB: number;
  cssTransferKB: number;
  jsRawKB: number;
  cssRawKB: number;
  /** How the gzip numbers were obtained. */
  gzipSource: 'server' | 'computed' | 'mixed';
  encodings: string[];
  /** limitKB 0: no budget set for this page. */
  budget: { kind: 'js' | 'js+css'; limitKB: number; valueKB: number; met: boolean };
  assets: AssetRow[];
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  lcpElement?: string;
  opportunities: { id: string; title: string; savingsMs: number }[];
  failedA11y: { id: string; title: string }[];
  /** Lighthouse's font-display check (text stays visible while web fonts load); null if absent. */
  fontDisplayOk: boolean | null;
}

export interface LighthouseSummary {
  page: string;
  path: string;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'opportunities' | 'failedA11y' | 'lcpElement' | 'fontDisplayOk'>;
  met: { performance: boolean; accessibility: boolean; lcp: boolean; cls: boolean };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function freePort(from = 4300, to = 4399): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    const ok = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

async function build(log: (l: string) => void): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'webbench-build-'));
  log(`building the web app into ${outDir} ...`);
  await execFileAsync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    maxBuffer: 32 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return outDir;
}

interface Server {
  baseURL: string;
  stop(): Promise<void>;
}

async function startServer(webDir: string, log: (l: string) => void): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webbench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      DEMO_PASSWORD: INVESTOR.password,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: 'Bench Admin',
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      LOG_FILE: '',
      // Sign-in speed is not what this bench measures.
      PASSWORD_HASH_COST: '12',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_PER_CLIENT: '1000',
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output = (output + String(d)).slice(-4000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + String(d)).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  log(`starting the server on ${baseURL} (pid ${child.pid}) ...`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not come up:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, stop };
}

interface PageSpec {
  page: string;
  path: string;
  signIn?: { email: string; password: string; label: string };
  /** Text that shows when the page is ready. */
  ready: string | RegExp;
  budget: { kind: 'js' | 'js+css'; limitKB: number };
}

const PAGES: PageSpec[] = [
  { page: 'Landing', path: '/', ready: 'Investor Login', budget: { kind: 'js', limitKB: BUDGET_PUBLIC_JS_KB } },
  {
    page: 'Login',
    path: '/login',
    ready: 'Secure access to deal syndication platform',
    // The issue sets no page-weight budget for /login (its target is Lighthouse, item 7).
    budget: { kind: 'js', limitKB: 0 },
  },
  {
    page: 'Admin area',
    path: '/admin',
    signIn: { ...ADMIN, label: 'admin' },
    ready: /Welcome, /,
    budget: { kind: 'js+css', limitKB: BUDGET_SIGNED_IN_KB },
  },
  {
    page: 'Investor area',
    path: '/investor',
    signIn: { ...INVESTOR, label: 'investor' },
    ready: /Welcome|Portfolio|Dashboard/,
    budget: { kind: 'js+css', limitKB: BUDGET_SIGNED_IN_KB },
  },
];

async function measurePageWeights(baseURL: string, log: (l: string) => void): Promise<PageWeight[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-quic'] });
  const out: PageWeight[] = [];
  try {
    for (const spec of PAGES) {
      log(`page weight: ${spec.path}${spec.signIn ? ` (signed in as ${spec.signIn.label})` : ''}`);
      // A fresh context per page: empty HTTP cache, so this is a first load.
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      try {
        if (spec.signIn) {
          const res = await context.request.post('/api/auth/sign-in', {
            data: { email: spec.signIn.email, password: spec.signIn.password },
          });
          if (!res.ok()) throw new Error(`sign-in as ${spec.signIn.label} failed: ${res.status()} ${await res.text()}`);
        }
        const page = await context.newPage();
        const pending: Promise<AssetRow | null>[] = [];
        let inlineCss = 0;
        page.on('requestfinished', (request) => {
          const resourceType = request.resourceType();
          if (!['script', 'stylesheet', 'font', 'document'].includes(resourceType)) return;
          const type = resourceType as AssetRow['type'];
          pending.push(
            (async (): Promise<AssetRow | null> => {
              const response = await request.response();
              if (!response) return null;
              const [sizes, headers, body] = await Promise.all([request.sizes(), response.allHeaders(), response.body()]);
              const encoding = (headers['content-encoding'] ?? '').trim().toLowerCase();
              const transferBytes = sizes.responseBodySize;
              const gzipBytes = encoding === 'gzip' ? transferBytes : gzipSync(body, { level: 9 }).length;
              if (type === 'document')
                inlineCss += [...body.toString('utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce(
                  (n, m) => n + (m[1]?.length ?? 0),
                  0,
                );
              return { url: request.url().replace(baseURL, ''), type, rawBytes: body.length, transferBytes, encoding, gzipBytes };
            })().catch(() => null),
          );
        });
        await page.goto(spec.path, { waitUntil: 'networkidle' });
        await page.getByText(spec.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        // Settle: anything requested after the first idle (lazy chunks) is counted too.
        await page.waitForTimeout(500);
        await page.waitForLoadState('networkidle');
        const assets = (await Promise.all(pending)).filter((a): a is AssetRow => a !== null);
        const sum = (t: AssetRow['type'], f: (a: AssetRow) => number) => assets.filter((a) => a.type === t).reduce((s, a) => s + f(a), 0);
        const jsGzipKB = kb(sum('script', (a) => a.gzipBytes));
        const cssGzipKB = kb(sum('stylesheet', (a) => a.gzipBytes));
        const textAssets = assets.filter((a) => a.type === 'script' || a.type === 'stylesheet');
        const served = textAssets.filter((a) => a.encoding === 'gzip').length;
        const valueKB = Math.round((spec.budget.kind === 'js' ? jsGzipKB : jsGzipKB + cssGzipKB) * 10) / 10;
        out.push({
          page: spec.page,
          path: spec.path,
          signedInAs: spec.signIn?.label ?? null,
          jsGzipKB,
          cssGzipKB,
          htmlGzipKB: kb(sum('document', (a) => a.gzipBytes)),
          inlineCssRawKB: kb(inlineCss),
          fontKB: kb(sum('font', (a) => a.transferBytes)),
          jsTransferKB: kb(sum('script', (a) => a.transferBytes)),
          cssTransferKB: kb(sum('stylesheet', (a) => a.transferBytes)),
          jsRawKB: kb(sum('script', (a) => a.rawBytes)),
          cssRawKB: kb(sum('stylesheet', (a) => a.rawBytes)),
          gzipSource: served === textAssets.length ? 'server' : served === 0 ? 'computed' : 'mixed',
          encodings: [...new Set(textAssets.map((a) => a.encoding || 'identity'))],
          budget: { ...spec.budget, valueKB, met: spec.budget.limitKB <= 0 || valueKB <= spec.budget.limitKB },
          assets: assets.sort((a, b) => b.gzipBytes - a.gzipBytes),
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function runLighthouseOnce(url: string): Promise<LighthouseRun> {
  const chromeLauncher = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    const num = (id: string) => audit(id)?.numericValue ?? Number.NaN;
    const lcpEl = audit('largest-contentful-paint-element')?.details as
      | { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] }
      | undefined;
    const node = lcpEl?.items?.[0]?.items?.[0]?.node;
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 1)
      .map((a) => ({
        id: a.id,
        title: a.title,
        savingsMs: Math.round(((a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0) as number),
      }))
      .filter((o) => o.savingsMs > 0)
      .sort((a, b) => b.savingsMs - a.savingsMs);
    const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
    const failedA11y = a11yRefs
      .map((r) => lhr.audits[r.id])
      .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => ({ id: a.id, title: a.title }));
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(num('largest-contentful-paint')),
      cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(num('first-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      speedIndexMs: Math.round(num('speed-index')),
      lcpElement: node ? (node.snippet ?? node.nodeLabel) : undefined,
      opportunities,
      failedA11y,
      fontDisplayOk: (() => {
        const a = audit('font-display-insight') ?? audit('font-display');
        return a && a.score !== null ? a.score >= 0.9 : null;
      })(),
    };
  } finally {
    await chrome.kill();
  }
}

async function measureLighthouse(baseURL: string, runs: number, log: (l: string) => void): Promise<LighthouseSummary[]> {
  const out: LighthouseSummary[] = [];
  for (const spec of PAGES.filter((p) => !p.signIn)) {
    const results: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      log(`lighthouse ${spec.path} run ${i + 1}/${runs}`);
      results.push(await runLighthouseOnce(baseURL + spec.path));
    }
    const med = {
      performance: median(results.map((r) => r.performance)),
      accessibility: median(results.map((r) => r.accessibility)),
      lcpMs: median(results.map((r) => r.lcpMs)),
      cls: median(results.map((r) => r.cls)),
      fcpMs: median(results.map((r) => r.fcpMs)),
      tbtMs: median(results.map((r) => r.tbtMs)),
      speedIndexMs: median(results.map((r) => r.speedIndexMs)),
    };
    out.push({
      page: spec.page,
      path: spec.path,
      runs: results,
      median: med,
      met: {
        performance: med.performance >= TARGETS.performance,
        accessibility: med.accessibility >= TARGETS.accessibility,
        lcp: med.lcpMs <= TARGETS.lcpMs,
        cls: med.cls <= TARGETS.cls,
      },
    });
  }
  return out;
}

const yes = (b: boolean) => (b ? 'met' : '**not met**');

function weightMarkdown(weights: PageWeight[]): string[] {
  const lines = [
    '### Page weight (first load, empty cache)',
    '',
    '| Page | JS KB gz | CSS KB gz | HTML KB gz | JS+CSS KB on the wire | Fonts KB | Budget | Met |',
    '|---|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const w of weights) {
    const b = w.budget;
    const label = `${w.page} \`${w.path}\`${w.signedInAs ? ` (${w.signedInAs})` : ''}`;
    const wire = `${(w.jsTransferKB + w.cssTransferKB).toFixed(1)} (${w.encodings.join(', ')})`;
    const budget = b.limitKB > 0 ? `${b.kind === 'js' ? 'JS' : 'JS+CSS'} <= ${b.limitKB} KB` : 'none set';
    lines.push(
      `| ${label} | ${w.jsGzipKB.toFixed(1)} | ${w.cssGzipKB.toFixed(1)}${w.inlineCssRawKB > 0 ? ' (inlined)' : ''} | ${w.htmlGzipKB.toFixed(1)} | ${wire} | ${w.fontKB.toFixed(1)} | ${budget} | ${b.limitKB > 0 ? yes(b.met) : '-'} |`,
    );
  }
  const sources = new Set(weights.map((w) => w.gzipSource));
  lines.push('');
  lines.push(
    sources.size === 1 && sources.has('server')
      ? 'KB gz are the bytes Chromium received: the server sent every script and stylesheet gzip-compressed.'
      : 'KB gz: gzip -9 size of each script/stylesheet body Chromium fetched (the wire size where the server sent gzip). ' +
          '"On the wire" is what Chromium actually received, with the content-encodings the server used ' +
          '(br = the precompressed .br files, identity = uncompressed, e.g. files under 1 KB).',
  );
  lines.push(
    'Chromium 1280x800, fresh browser context per page (empty HTTP cache); signed-in pages after an API sign-in; every script, stylesheet and font requested until the page is ready and the network idle is counted. Fonts are listed for information (not budgeted). 1 KB = 1024 bytes.',
  );
  const inlined = weights.filter((w) => w.inlineCssRawKB > 0);
  if (inlined.length > 0) {
    lines.push(
      `CSS marked "(inlined)": the stylesheet is inlined in the prerendered HTML of ${inlined.map((w) => `\`${w.path}\``).join(' and ')} (${inlined[0]?.inlineCssRawKB.toFixed(1)} KB raw), so no stylesheet is fetched there; its gzip bytes are in the HTML column.`,
    );
  }
  for (const w of weights.filter((x) => x.budget.limitKB > 0 && !x.budget.met)) {
    const top = w.assets
      .filter((a) => a.type === 'script' || a.type === 'stylesheet')
      .slice(0, 4)
      .map((a) => `${path.basename(a.url)} ${kb(a.gzipBytes)} KB`)
      .join(', ');
    lines.push('');
    lines.push(
      `- ${w.page} over budget by ${(w.budget.valueKB - w.budget.limitKB).toFixed(1)} KB. Largest files: ${top}. Splitting these further (lazy-loading the heaviest route-level dependencies) would bring it under ${w.budget.limitKB} KB.`,
    );
  }
  return lines;
}

function lighthouseMarkdown(lh: LighthouseSummary[], runs: number): string[] {
  const lines = [
    `### Lighthouse 12 (mobile preset, simulated throttling; median of ${runs} run${runs === 1 ? '' : 's'})`,
    '',
    `| Page | Performance (>= ${TARGETS.performance}) | Accessibility (${TARGETS.accessibility}) | LCP (<= ${TARGETS.lcpMs / 1000} s) | CLS (<= ${TARGETS.cls}) | FCP | TBT | Met |`,
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const s of lh) {
    const m = s.median;
    const all = s.met.performance && s.met.accessibility && s.met.lcp && s.met.cls;
    lines.push(
      `| ${s.page} \`${s.path}\` | ${m.performance} | ${m.accessibility} | ${(m.lcpMs / 1000).toFixed(2)} s | ${m.cls.toFixed(3)} | ${(m.fcpMs / 1000).toFixed(2)} s | ${m.tbtMs} ms | ${all ? 'met' : '**not met**'} |`,
    );
  }
  lines.push('');
  lines.push(
    `Per-run performance scores: ${lh.map((s) => `${s.path} ${s.runs.map((r) => r.performance).join('/')}`).join('; ')}. Each column is that metric's own median. The machine is shared (2 cores), so single runs are noisy.`,
  );
  const fonts = lh.flatMap((s) => s.runs.map((r) => r.fontDisplayOk)).filter((v): v is boolean => v !== null);
  if (fonts.length > 0) {
    lines.push(
      `Fonts: Lighthouse's font-display check ${fonts.every(Boolean) ? 'passes on every run (text is painted in a fallback font while Inter loads, so the font does not hold up FCP/LCP)' : 'fails on some runs (text waits for the web font)'}; CLS above includes any shift from the font swap.`,
    );
  }
  for (const s of lh) {
    const runWithLcp = s.runs.find((r) => r.lcpElement);
    const opp = s.runs[0]?.opportunities
      .slice(0, 3)
      .map((o) => `${o.title} (~${o.savingsMs} ms)`)
      .join('; ');
    if (!s.met.performance || !s.met.lcp) {
      lines.push(
        `- ${s.path}: performance ${s.median.performance} / LCP ${(s.median.lcpMs / 1000).toFixed(2)} s not met. LCP element: ${runWithLcp?.lcpElement ?? 'unknown'}. ${opp ? `Lighthouse's biggest opportunities: ${opp}.` : ''} What would meet it: less render-blocking work before the LCP element paints (prerendered HTML, smaller critical JS/CSS).`,
      );
    }
    if (!s.met.cls) {
      lines.push(
        `- ${s.path}: CLS ${s.median.cls} over ${TARGETS.cls}: content moves after first paint (late web-font swap or client render replacing the HTML); matching fallback font metrics or rendering the final layout in the HTML would meet it.`,
      );
    }
    if (!s.met.accessibility) {
      const failed = [...new Map(s.runs.flatMap((r) => r.failedA11y).map((f) => [f.id, f])).values()];
      lines.push(
        `- ${s.path}: accessibility ${s.median.accessibility}; failing audits: ${failed.map((f) => `${f.id} (${f.title})`).join('; ') || 'none reported'}. Fixing these audits would meet 100.`,
      );
    }
  }
  return lines;
}

export async function runWebBench(opts: WebBenchOptions): Promise<{ markdown: string; results: Record<string, unknown> }> {
  const log = opts.log ?? ((l: string) => process.stderr.write(`[web] ${l}\n`));
  const runs = opts.lighthouseRuns ?? 3;
  let builtHere = false;
  let webDir = opts.webDir ? path.resolve(opts.webDir) : undefined;
  if (webDir && !existsSync(path.join(webDir, 'index.html'))) throw new Error(`no index.html in ${webDir}`);
  if (!webDir) {
    webDir = await build(log);
    builtHere = true;
  }
  const server = await startServer(webDir, log);
  let weights: PageWeight[];
  let lighthouse: LighthouseSummary[] | null = null;
  try {
    weights = await measurePageWeights(server.baseURL, log);
    if (!opts.quick) lighthouse = await measureLighthouse(server.baseURL, runs, log);
  } finally {
    await server.stop();
    if (builtHere) rmSync(webDir, { recursive: true, force: true });
  }

  const lines = ['## Web: page weight and Lighthouse', '', ...weightMarkdown(weights), ''];
  if (lighthouse) lines.push(...lighthouseMarkdown(lighthouse, runs));
  else lines.push('### Lighthouse', '', 'Skipped (quick mode).');
  lines.push('');

  const results: Record<string, unknown> = {
    budgets: { publicJsKB: BUDGET_PUBLIC_JS_KB, signedInKB: BUDGET_SIGNED_IN_KB },
    targets: TARGETS,
    pageWeight: Object.fromEntries(
      weights.map((w) => [
        w.path,
        {
          jsGzipKB: w.jsGzipKB,
          cssGzipKB: w.cssGzipKB,
          htmlGzipKB: w.htmlGzipKB,
          inlineCssRawKB: w.inlineCssRawKB,
          fontKB: w.fontKB,
          jsTransferKB: w.jsTransferKB,
          cssTransferKB: w.cssTransferKB,
          jsRawKB: w.jsRawKB,
          cssRawKB: w.cssRawKB,
          gzipSource: w.gzipSource,
          encodings: w.encodings,
          budget: w.budget,
          files: w.assets.map((a) => ({
            url: a.url,
            type: a.type,
            gzipKB: kb(a.gzipBytes),
            transferKB: kb(a.transferBytes),
            encoding: a.encoding,
          })),
        },
      ]),
    ),
    lighthouse: lighthouse ? Object.fromEntries(lighthouse.map((s) => [s.path, { median: s.median, met: s.met, runs: s.runs }])) : null,
    allMet:
      weights.every((w) => w.budget.met) &&
      (lighthouse ?? []).every((s) => s.met.performance && s.met.accessibility && s.met.lcp && s.met.cls),
  };
  return { markdown: lines.join('\n'), results };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  runWebBench({
    quick: args.includes('--quick'),
    webDir: arg('--web-dir'),
    lighthouseRuns: arg('--runs') ? Number(arg('--runs')) : undefined,
  })
    .then(({ markdown, results }) => {
      const json = arg('--json');
      if (json) writeFileSync(json, JSON.stringify(results, null, 2));
      process.stdout.write(`${markdown}\n`);
    })
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
