import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { canonicalEmail } from '../shared/email-address.ts';
import { parseStorageUrl, type StorageSetting } from './storage/storage-url.ts';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

const intIn = <D extends number | undefined>(min: number, max: number, def: D) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def as D;
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
  TRUST_PROXY: z.string().optional(),
  TWO_FACTOR_DEFAULT: bool,
  API_RATE_LIMIT_DEFAULT: intIn(1, 1_000_000, undefined),
  SIGNUP_MAX_PER_CLIENT: intIn(1, 1_000_000, 10),
  SIGNUP_WINDOW_MINUTES: intIn(1, 24 * 60, 60),
  PASSWORD_HASH_CONCURRENCY: intIn(1, 64, Math.max(1, Math.floor(os.availableParallelism() / 2))),
  MAX_UPLOAD_MB: intIn(1, 100_000, 50),
  STORAGE_URL: z.string().optional(),
  PDF_WORKERS: intIn(1, 32, Math.max(1, Math.min(4, os.availableParallelism() - 1))),
  PDF_QUEUE_LIMIT: intIn(1, 10_000, 40),
  PDF_PER_USER_LIMIT: intIn(1, 10_000, 4),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: intIn(1, 1_000_000, 5),
  LOGIN_MAX_FAILURES_PER_CLIENT: intIn(1, 1_000_000, 20),
  LOGIN_FAILURE_WINDOW_MINUTES: intIn(1, 24 * 60, 15),
  LIMITS_IPV6_PREFIX: intIn(16, 128, 64),
  PASSWORD_HASH_COST: intIn(10, 20, 17),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FILE: z.string().optional(),
  MESSAGE_KEY: z.string().optional(),
  SIGNING_CERT_P12: z.string().optional(),
  SIGNING_CERT_PASSWORD: z.string().optional(),
  WEB_DIR: z.string().optional(),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => !v || isHttpOrigin(v), 'must be an http:// or https:// address without a path, e.g. https://portal.example.com'),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || isSmtpUrl(v), 'must look like smtp://user:pass@host:port or smtps://user:pass@host:port'),
  SMTP_PASSWORD: z.string().optional(),
  EMAIL_RETRY_BASE_SECONDS: intIn(1, 86_400, 30),
  EMAIL_MAX_ATTEMPTS: intIn(1, 100, 8),
  EMAIL_POLL_SECONDS: intIn(1, 3600, 5),
  // How long a server's claim on a background job lasts without renewal (renewed every third of
  // it): a job whose server died is resumed elsewhere after at most this long (decision 041).
  JOB_LEASE_SECONDS: intIn(2, 3600, 30),
  // Webhooks (decision 047): networks a webhook may reach although private or reserved (CIDR list),
  // and plain http:// to loopback (local receivers in tests and development only).
  WEBHOOK_ALLOWED_NETWORKS: z.string().optional(),
  WEBHOOK_ALLOW_HTTP_LOOPBACK: bool,
  WEBHOOK_RETRY_BASE_SECONDS: intIn(0, 86_400, 30),
  WEBHOOK_MAX_ATTEMPTS: intIn(1, 100, 8),
});

function isHttpOrigin(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === '') && !u.search && !u.hash;
  } catch {
    return false;
  }
}

function isSmtpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export interface Config {
  /** The firm's certificate sealing executed agreements (issue 30); without it, a self-signed one in DATA_DIR. */
  signingCert?: { p12Path: string; password: string } | undefined;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where stored files live: DATA_DIR/storage (default) or an S3 bucket (STORAGE_URL, decision 043). */
  storage: StorageSetting;
  admin: { email: string; password: string; name: string } | undefined;
  /** undefined: load demo data only on an empty embedded database. */
  demoData: boolean | undefined;
  demoPassword: string | undefined;
  /**
   * Fastify's trustProxy: false (ignore forwarded headers), a hop count (trust that many proxies
   * nearest the server) or a list of proxy addresses/CIDR ranges. The client IP is then the
   * rightmost X-Forwarded-For entry that is not a trusted proxy.
   */
  trustProxy: false | number | string[];
  /** The origin users reach (PUBLIC_URL): requests naming another Host are refused; links in e-mails use it (unset: the server's own address). */
  publicUrl: URL | undefined;
  /** The two-factor setting's value when the database holds none (TWO_FACTOR_DEFAULT). */
  twoFactorDefault: boolean | undefined;
  /** The API rate limit setting's value when the database holds none (API_RATE_LIMIT_DEFAULT). */
  apiRateLimitDefault: number | undefined;
  signUpLimits: { perClient: number; windowMinutes: number };
  /** Password hashes computed at once (each scrypt at cost 17 takes 128 MiB). */
  passwordHashConcurrency: number;
  /** JOB_LEASE_SECONDS: a background job's lease (decision 041). */
  jobLeaseSeconds: number;
  /** Webhooks (decision 047): the SSRF allow-list and the retry schedule. */
  webhooks: { allowedNetworks: string[]; allowHttpLoopback: boolean; retryBaseSeconds: number; maxAttempts: number };
  maxUploadBytes: number;
  /** Statements and notices are drawn in this many worker threads; at most `queueLimit` wait (decision 026). */
  pdf: { workers: number; queueLimit: number; perUserLimit: number };
  loginLimits: { perAccount: number; perClient: number; windowMinutes: number };
  /** The per-client limits count an IPv6 client by its network of this many bits (IPv4: the address). */
  ipv6LimitPrefix: number;
  /** log2 of the scrypt cost N. 17 is OWASP's recommendation (N=2^17, r=8, p=1). */
  passwordHashCost: number;
  logLevel: string;
  logFile: string | undefined;
  /** Key for messages at rest; unset: DATA_DIR/message.key. */
  messageKey: string | undefined;
  /** The built web app to serve; unset: dist/web next to the sources. */
  webDir: string | undefined;
  /** E-mail: SMTP_URL overrides the Email tab's server; SMTP_PASSWORD is never stored in the database. */
  mail: {
    smtpUrl: string | undefined;
    smtpPassword: string | undefined;
    /** First retry after this many seconds, doubling per attempt. */
    retryBaseSeconds: number;
    maxAttempts: number;
    pollSeconds: number;
  };
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
    // The canonical form of decision record 028 (NFKC, ASCII lower case, ASCII only).
    const adminEmail = canonicalEmail(e.ADMIN_EMAIL);
    if (!adminEmail) throw new ConfigError('Invalid configuration: ADMIN_EMAIL is not an e-mail address in plain ASCII');
    if (e.ADMIN_PASSWORD.length < 6) throw new ConfigError('Invalid configuration: ADMIN_PASSWORD must be at least 6 characters');
    admin = { email: adminEmail, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME?.trim() || 'Administrator' };
  }
  if (e.DEMO_PASSWORD !== undefined && e.DEMO_PASSWORD.length > 0 && e.DEMO_PASSWORD.length < 6) {
    throw new ConfigError('Invalid configuration: DEMO_PASSWORD must be at least 6 characters');
  }
  let storage: StorageSetting;
  try {
    storage = parseStorageUrl(e.STORAGE_URL, env);
  } catch (err) {
    throw new ConfigError(`Invalid configuration: STORAGE_URL ${(err as Error).message}`);
  }
  return {
    storage,
    port: e.PORT,
    publicUrl: parsePublicUrl(e.PUBLIC_URL),
    twoFactorDefault: e.TWO_FACTOR_DEFAULT,
    apiRateLimitDefault: e.API_RATE_LIMIT_DEFAULT,
    signUpLimits: { perClient: e.SIGNUP_MAX_PER_CLIENT, windowMinutes: e.SIGNUP_WINDOW_MINUTES },
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    pdf: { workers: e.PDF_WORKERS, queueLimit: e.PDF_QUEUE_LIMIT, perUserLimit: e.PDF_PER_USER_LIMIT },
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    admin,
    demoData: e.DEMO_DATA,
    demoPassword: e.DEMO_PASSWORD || undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perClient: e.LOGIN_MAX_FAILURES_PER_CLIENT,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    ipv6LimitPrefix: e.LIMITS_IPV6_PREFIX,
    passwordHashCost: e.PASSWORD_HASH_COST,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    messageKey: e.MESSAGE_KEY || undefined,
    signingCert: e.SIGNING_CERT_P12 ? { p12Path: path.resolve(e.SIGNING_CERT_P12), password: e.SIGNING_CERT_PASSWORD ?? '' } : undefined,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    webhooks: {
      allowedNetworks: parseCidrList('WEBHOOK_ALLOWED_NETWORKS', e.WEBHOOK_ALLOWED_NETWORKS),
      allowHttpLoopback: e.WEBHOOK_ALLOW_HTTP_LOOPBACK === true,
      retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
    },
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      smtpPassword: e.SMTP_PASSWORD || undefined,
      retryBaseSeconds: e.EMAIL_RETRY_BASE_SECONDS,
      maxAttempts: e.EMAIL_MAX_ATTEMPTS,
      pollSeconds: e.EMAIL_POLL_SECONDS,
    },
  };
}

/** TRUST_PROXY: 0/false/empty (off), a hop count (1, 2, ...; true/yes mean 1), or a comma-separated list of proxy addresses or CIDR ranges. */
export function parseTrustProxy(v: string | undefined): Config['trustProxy'] {
  const t = (v ?? '').trim();
  if (t === '' || ['0', 'false', 'no'].includes(t)) return false;
  if (['true', 'yes'].includes(t)) return 1;
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n > 20)
      throw new ConfigError(`Invalid configuration: TRUST_PROXY must be a hop count from 0 to 20 or a list of proxy addresses, got '${t}'`);
    return n;
  }
  const list = t
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [addr, bits, ...rest] = entry.split('/');
    const family = isIP(addr ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !okBits || rest.length > 0)
      throw new ConfigError(`Invalid configuration: TRUST_PROXY entry '${entry}' is not a hop count, an IP address or a CIDR range`);
  }
  return list;
}

/** A comma-separated list of CIDR ranges (or single addresses). */
function parseCidrList(name: string, v: string | undefined): string[] {
  const list = (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [addr, bits, ...rest] = entry.split('/');
    const family = isIP(addr ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !okBits || rest.length > 0)
      throw new ConfigError(`Invalid configuration: ${name} entry '${entry}' is not an IP address or a CIDR range`);
  }
  return list;
}

function parsePublicUrl(v: string | undefined): URL | undefined {
  const t = (v ?? '').trim();
  if (!t) return undefined;
  let u: URL;
  try {
    u = new URL(t);
  } catch {
    throw new ConfigError(`Invalid configuration: PUBLIC_URL is not a URL, got '${t}'`);
  }
  if (!['http:', 'https:'].includes(u.protocol) || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || u.username)
    throw new ConfigError('Invalid configuration: PUBLIC_URL must be an origin such as https://syndicate.example.com');
  return u;
}
