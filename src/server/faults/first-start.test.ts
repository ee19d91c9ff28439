import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killStartedServers, type RunningServer, request, startServer } from '../testing/server-process.ts';

/**
 * A newcomer's first start: the server as `npm start` runs it, with the demo data, no LOG_FILE,
 * no ADMIN_EMAIL, no SMTP and not in production. Its console is a short readable start-up, the
 * e-mails the demo data queued give one warning (not one JSON line each), requests print nothing.
 */
describe('first start on a newcomer console', () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-first-start-'));
    server = await startServer(
      {
        name: 'first-start',
        dataDir,
        env: { DEMO_DATA: '1', EMAIL_POLL_SECONDS: '1', EMAIL_RETRY_BASE_SECONDS: '1' },
        unset: ['LOG_FILE', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'NODE_ENV'],
      },
      120_000,
    );
  }, 150_000);
  afterAll(async () => {
    await killStartedServers();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints where it listens, the database, where the passwords are, how to stop, and one e-mail warning', async () => {
    // The worker's first pass runs once the server is ready; the retries (1 s apart) follow.
    const deadline = Date.now() + 20_000;
    while (!server.stdout().includes('E-mail is not configured') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 5; i++) expect((await request(server.url, 'GET', '/api/health')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_500));

    const out = server.stdout();
    const lines = out.trim().split('\n');
    const credentials = path.join(dataDir, 'initial-credentials.txt');
    expect(lines.some((l) => l.includes(`Its credentials are in ${credentials}`))).toBe(true);
    expect(lines.some((l) => l.includes(`The demo accounts' password is in ${credentials}`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`Server ready on ${server.url} (embedded database in ${dataDir})`))).toBe(true);
    expect(lines).toContain('Press Ctrl+C to stop.');
    // Not JSON, not one line per e-mail or per request.
    expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
    const mail = lines.filter((l) => /e-mail/i.test(l) && /not (configured|sent)/.test(l));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatch(/^Warning: E-mail is not configured: \d+ messages kept in the outbox/);
    expect(out).not.toContain('/api/health');
    // The start-up is short: the lines above (the web-build warning when dist/web is missing).
    expect(lines.length, out).toBeLessThanOrEqual(8);
    // The passwords are in the file, never on the console.
    const file = await readFile(credentials, 'utf8');
    const secrets = file
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t')[2]);
    expect(secrets.length).toBeGreaterThan(1);
    for (const secret of secrets) expect(out).not.toContain(secret);
    expect(server.stderr()).toBe('');
  }, 60_000);
});
