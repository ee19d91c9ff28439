import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { consoleStream, loggedUrl, loggerOptions, logMode } from './logging.ts';

describe('server log format', () => {
  it("masks a calendar feed's secret in logged URLs, and nothing else", () => {
    expect(loggedUrl(`/api/feeds/calendar/sdc_${'a'.repeat(43)}`)).toBe('/api/feeds/calendar/[secret]');
    expect(loggedUrl('/api/feeds/calendar/sdc_x?y=1')).toBe('/api/feeds/calendar/[secret]?y=1');
    expect(loggedUrl('/api/deals?search=calendar')).toBe('/api/deals?search=calendar');
  });

  it('logs a feed request without its secret', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { ...(loggerOptions('info', undefined, 'json') as object), stream: { write: (l: string) => lines.push(l) } },
    });
    app.get('/api/feeds/calendar/:token', async () => 'ok');
    const secret = `sdc_${'b'.repeat(43)}`;
    await app.inject({ method: 'GET', url: `/api/feeds/calendar/${secret}` });
    await app.close();
    expect(lines.join('')).toContain('/api/feeds/calendar/[secret]');
    expect(lines.join('')).not.toContain(secret);
  });

  it('is the readable console for a plain start, JSON lines with LOG_FILE or in production', () => {
    expect(logMode(undefined, {})).toBe('console');
    expect(logMode('/tmp/x.log', {})).toBe('json');
    expect(logMode(undefined, { NODE_ENV: 'production' })).toBe('json');
    expect(loggerOptions('info', undefined, 'console')).toHaveProperty('stream');
    expect(loggerOptions('info', undefined, 'json')).not.toHaveProperty('stream');
    // A log file is always JSON.
    expect(loggerOptions('info', '/tmp/x.log', 'console')).not.toHaveProperty('stream');
  });

  it('prints each kind of warning once on the console, every error, in readable lines', () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: consoleStream((l) => lines.push(l)) } });
    app.log.warn({ warning: 'email-not-configured', kept: 39 }, 'E-mail is not configured: 39 messages kept in the outbox');
    app.log.warn({ warning: 'email-not-configured', kept: 40 }, 'E-mail is not configured: 40 messages kept in the outbox');
    app.log.warn('No built web app');
    app.log.warn('No built web app');
    app.log.error({ err: new Error('boom') }, 'outbox pass failed');
    app.log.error({ err: new Error('boom') }, 'outbox pass failed');
    app.log.info('not shown at warn');
    expect(lines).toEqual([
      'Warning: E-mail is not configured: 39 messages kept in the outbox\n',
      'Warning: No built web app\n',
      'Error: outbox pass failed (boom)\n',
      'Error: outbox pass failed (boom)\n',
    ]);
  });

  it('creates the folder of a LOG_FILE that does not exist yet (the server would crash opening it)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sd-log-'));
    try {
      const file = path.join(root, 'not', 'yet', 'server.log');
      const app = Fastify({ logger: loggerOptions('info', file) });
      app.log.info('hello');
      await app.close();
      expect(existsSync(path.dirname(file))).toBe(true);
      // pino opens the file asynchronously: the folder is removed only once the log is open.
      await vi.waitFor(() => expect(existsSync(file)).toBe(true));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("the running server's asynchronous LOG_FILE keeps every line, in order, once flushed", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sd-log-'));
    try {
      const file = path.join(root, 'server.log');
      const options = loggerOptions('info', file, 'json', { async: true });
      const stream = (options as unknown as { stream: { end(): void; once(event: 'close', fn: () => void): void } }).stream;
      const app = Fastify({ logger: options });
      await app.ready();
      // 2,000 lines written back to back: the destination joins them into few writes.
      for (let i = 0; i < 2000; i++) app.log.info({ i }, 'line');
      await app.close();
      await vi.waitFor(() => expect(existsSync(file)).toBe(true));
      // Ended and closed: every buffered line written (a flushSync beside a write still in
      // flight lost lines once on a loaded machine).
      const closed = new Promise<void>((resolve) => stream.once('close', resolve));
      stream.end();
      await closed;
      const seen = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { i?: number })
        .filter((l) => l.i !== undefined)
        .map((l) => l.i);
      expect(seen).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps cookies and authorization out of every format', () => {
    for (const mode of ['console', 'json'] as const)
      expect(loggerOptions('info', undefined, mode)).toMatchObject({ redact: expect.arrayContaining(['req.headers.cookie']) });
  });
});
