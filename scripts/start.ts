/**
 * npm start: builds the web app only when dist/web is missing or older than its sources, then
 * runs the server in this very process (no shell, no child), so SIGTERM and SIGINT sent to
 * `npm start` reach the server, which finishes in-flight requests, closes the database and
 * releases the DATA_DIR lock (src/server/main.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What the web build reads: a change to any of these makes the build stale. */
const SOURCES = [
  'src/web',
  'src/shared',
  'scripts/prerender.ts',
  'scripts/prerender-entry.tsx',
  'scripts/prerender-router.tsx',
  'vite.config.ts',
  'package-lock.json',
];
const BUILT = 'dist/web/index.html';

function newestMtime(entry: string): number {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(entry);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Why the build must run, or null when dist/web is up to date. */
export function staleBuildReason(root = ROOT): string | null {
  let built: number;
  try {
    built = statSync(path.join(root, BUILT)).mtimeMs;
  } catch {
    return 'no build yet';
  }
  for (const source of SOURCES) {
    if (newestMtime(path.join(root, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // SKIP_WEB_BUILD=1: run the server as it is (an API-only test, or a build made elsewhere).
  const reason = process.env.SKIP_WEB_BUILD === '1' ? null : staleBuildReason();
  if (reason) {
    console.log(`Building the web app (${reason})...`);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) {
      console.error('Start-up failed: the web build failed');
      process.exit(1);
    }
  }
  await import('../src/server/main.ts');
}
