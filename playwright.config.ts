import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

/**
 * End-to-end tests drive Debian's Chromium (no browser download) against the real server,
 * started on a fresh embedded database with demo data and known passwords.
 */
const PORT = Number(process.env.E2E_PORT ?? 3190);
const EMPTY_PORT = PORT + 1;
/** The e2e mail server (a real SMTP receiver) and where the specs read what it received. */
const SMTP_PORT = PORT + 2;
const MAIL_API_PORT = PORT + 3;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-'));
const emptyDataDir = process.env.E2E_EMPTY_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-empty-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_EMPTY_DATA_DIR = emptyDataDir;

export const E2E = {
  baseURL: `http://127.0.0.1:${PORT}`,
  /** A second server on a fresh database without demo data (empty states). */
  emptyBaseURL: `http://127.0.0.1:${EMPTY_PORT}`,
  adminEmail: 'e2e-admin@example.com',
  adminPassword: 'e2e-admin-pass',
  demoPassword: 'e2e-demo-pass',
  smtpPort: SMTP_PORT,
  mailApiURL: `http://127.0.0.1:${MAIL_API_PORT}`,
};

const chromiumArgs = [...CHROMIUM_ARGS, '--disable-quic'];

/** Answers once every server below is up (scripts/e2e-servers.ts). */
const READY_PORT = PORT + 4;
const SERVERS = [
  {
    name: 'mail receiver',
    command: 'node --import tsx scripts/e2e-smtp-receiver.ts',
    url: `${E2E.mailApiURL}/health`,
    env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_API_PORT: String(MAIL_API_PORT) },
  },
  {
    name: 'demo server',
    command: 'node --import tsx src/server/main.ts',
    url: `${E2E.baseURL}/api/health`,
    // The demo data sends e-mail as it is seeded.
    after: ['mail receiver'],
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      DEMO_PASSWORD: E2E.demoPassword,
      ADMIN_EMAIL: E2E.adminEmail,
      ADMIN_PASSWORD: E2E.adminPassword,
      ADMIN_NAME: 'Eve Admin',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_PER_CLIENT: '1000',
      // The suite signs one admin in for over a thousand requests within an hour (the spec's default limit is 1,000).
      API_RATE_LIMIT_DEFAULT: '100000',
      // Faster hashes keep the browser suites quick; the production cost is covered by unit tests.
      PASSWORD_HASH_COST: '12',
      LOG_FILE: path.join(process.cwd(), '.test-logs', `e2e-server-${PORT}.log`),
      // E-mail goes to the e2e receiver; links point back at this server.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: E2E.baseURL,
      EMAIL_POLL_SECONDS: '1',
      // The webhooks spec registers a receiver it starts on loopback (plain http only there: decision 047).
      WEBHOOK_ALLOW_HTTP_LOOPBACK: '1',
    },
  },
  {
    name: 'empty server',
    command: 'node --import tsx src/server/main.ts',
    url: `${E2E.emptyBaseURL}/api/health`,
    env: {
      PORT: String(EMPTY_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: emptyDataDir,
      DEMO_DATA: '0',
      // No demo data means two-factor starts on; the empty server's suites sign the e2e admin in with a password only.
      TWO_FACTOR_DEFAULT: '0',
      ADMIN_EMAIL: E2E.adminEmail,
      ADMIN_PASSWORD: E2E.adminPassword,
      ADMIN_NAME: 'Eve Admin',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_PER_CLIENT: '1000',
      API_RATE_LIMIT_DEFAULT: '100000',
      PASSWORD_HASH_COST: '12',
      LOG_FILE: path.join(process.cwd(), '.test-logs', `e2e-empty-server-${EMPTY_PORT}.log`),
      // No SMTP_URL here: the settings spec configures the Email tab itself.
      PUBLIC_URL: E2E.emptyBaseURL,
      EMAIL_POLL_SECONDS: '1',
    },
  },
];

export default defineConfig({
  testDir: 'e2e',
  // Under CI the two shards share two cores with the PGlite and PostgreSQL suites: the longest
  // flows take about 35 s on a quiet machine, so they get twice the local minute there.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry under CI: a browser test that fails once and then passes is reported as flaky by name
  // (scripts/test.mjs prints it under "Failed tests"); one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // E2E_RESULTS: one JSON per shard when scripts/test.mjs runs shards side by side.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_RESULTS ?? '.test-logs/e2e-results.json' }]],
  use: {
    baseURL: E2E.baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testIgnore: /\.phone\.spec\.ts$/ },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: /\.phone\.spec\.ts$/,
    },
  ],
  // The three processes start side by side (scripts/e2e-servers.ts); Playwright would start
  // the entries of `webServer` one after another, about 20 s more per shard.
  webServer: {
    command: 'node --import tsx scripts/e2e-servers.ts',
    url: `http://127.0.0.1:${READY_PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_READY_PORT: String(READY_PORT), E2E_SERVERS: JSON.stringify(SERVERS) },
  },
});
