import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.ts';

describe('server log format', () => {
  it('is readable (pino-pretty) when stdout is a terminal, JSON lines otherwise', () => {
    expect(loggerOptions('info', undefined, true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions('info', undefined, false)).not.toHaveProperty('transport');
    // A log file is always JSON, terminal or not.
    expect(loggerOptions('info', '/tmp/x.log', true)).not.toHaveProperty('transport');
    expect(() => createRequire(import.meta.url).resolve('pino-pretty')).not.toThrow();
  });

  it('keeps cookies and authorization out of every format', () => {
    for (const tty of [true, false])
      expect(loggerOptions('info', undefined, tty)).toMatchObject({ redact: expect.arrayContaining(['req.headers.cookie']) });
  });
});
