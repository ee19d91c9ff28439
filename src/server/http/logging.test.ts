import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions } from './logging.ts';

describe('server log format', () => {
  it('is readable (pino-pretty) when stdout is a terminal, JSON lines otherwise', () => {
    expect(loggerOptions('info', undefined, true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions('info', undefined, false)).not.toHaveProperty('transport');
    // A log file is always JSON, terminal or not.
    expect(loggerOptions('info', '/tmp/x.log', true)).not.toHaveProperty('transport');
    expect(() => createRequire(import.meta.url).resolve('pino-pretty')).not.toThrow();
  });

  it('creates the folder of a LOG_FILE that does not exist yet (the server would crash opening it)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sd-log-'));
    try {
      const file = path.join(root, 'not', 'yet', 'server.log');
      const app = Fastify({ logger: loggerOptions('info', file, false) });
      app.log.info('hello');
      await app.close();
      expect(existsSync(path.dirname(file))).toBe(true);
      // pino opens the file asynchronously: the folder is removed only once the log is open.
      await vi.waitFor(() => expect(existsSync(file)).toBe(true));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps cookies and authorization out of every format', () => {
    for (const tty of [true, false])
      expect(loggerOptions('info', undefined, tty)).toMatchObject({ redact: expect.arrayContaining(['req.headers.cookie']) });
  });
});
