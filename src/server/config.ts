import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

const intIn = (min: number, max: number, def: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}, got '${v}'` });
        return z.NEVER;
      }
      return Number(v);
    });

const envSchema = z.object({
  PORT: intIn(0, 65535, 3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_NAME: z.string().optional(),
  DEMO_DATA: bool,
  DEMO_PASSWORD: z.string().optional(),
  TRUST_PROXY: bool,
  MAX_UPLOAD_MB: intIn(1, 100_000, 50),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: intIn(1, 1_000_000, 5),
  LOGIN_MAX_FAILURES_PER_CLIENT: intIn(1, 1_000_000, 20),
  LOGIN_FAILURE_WINDOW_MINUTES: intIn(1, 24 * 60, 15),
  PASSWORD_HASH_COST: intIn(10, 20, 17),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FILE: z.string().optional(),
  MESSAGE_KEY: z.string().optional(),
  WEB_DIR: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { email: string; password: string; name: string } | undefined;
  /** undefined: load demo data only on an empty embedded database. */
  demoData: boolean | undefined;
  demoPassword: string | undefined;
  trustProxy: boolean;
  maxUploadBytes: number;
  loginLimits: { perAccount: number; perClient: number; windowMinutes: number };
  /** log2 of the scrypt cost N. 17 is OWASP's recommendation (N=2^17, r=8, p=1). */
  passwordHashCost: number;
  logLevel: string;
  logFile: string | undefined;
  /** Key for messages at rest; unset: DATA_DIR/message.key. */
  messageKey: string | undefined;
  /** The built web app to serve; unset: dist/web next to the sources. */
  webDir: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join('.') ?? 'env'} ${issue?.message ?? ''}`.trim());
  }
  const e = parsed.data;
  let admin: Config['admin'];
  if (e.ADMIN_EMAIL || e.ADMIN_PASSWORD) {
    if (!e.ADMIN_EMAIL || !e.ADMIN_PASSWORD)
      throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    if (!z.email().safeParse(e.ADMIN_EMAIL.trim()).success)
      throw new ConfigError('Invalid configuration: ADMIN_EMAIL is not an e-mail address');
    if (e.ADMIN_PASSWORD.length < 6) throw new ConfigError('Invalid configuration: ADMIN_PASSWORD must be at least 6 characters');
    admin = { email: e.ADMIN_EMAIL.trim(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME?.trim() || 'Administrator' };
  }
  if (e.DEMO_PASSWORD !== undefined && e.DEMO_PASSWORD.length > 0 && e.DEMO_PASSWORD.length < 6) {
    throw new ConfigError('Invalid configuration: DEMO_PASSWORD must be at least 6 characters');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    admin,
    demoData: e.DEMO_DATA,
    demoPassword: e.DEMO_PASSWORD || undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perClient: e.LOGIN_MAX_FAILURES_PER_CLIENT,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    passwordHashCost: e.PASSWORD_HASH_COST,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    messageKey: e.MESSAGE_KEY || undefined,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
  };
}
