import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Runs loadConfig and returns the ConfigError it throws (fails when it does not throw one). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.admin).toBeUndefined();
    expect(c.demoData).toBeUndefined();
    expect(c.demoPassword).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.maxUploadBytes).toBe(50 * 1024 * 1024);
    expect(c.passwordHashCost).toBe(17);
    expect(c.loginLimits).toEqual({ perAccount: 5, perClient: 20, windowMinutes: 15 });
  });

  it('reads the values it is given', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/sd-data',
      DATABASE_URL: 'postgresql://u:p@db.example:5432/sd',
      MAX_UPLOAD_MB: '5',
      DEMO_DATA: '0',
      TRUST_PROXY: 'true',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/sd-data',
      databaseUrl: 'postgresql://u:p@db.example:5432/sd',
      maxUploadBytes: 5 * 1024 * 1024,
      demoData: false,
      trustProxy: 1,
    });
    expect(c.loginLimits.perAccount).toBe(3);
    expect(loadConfig({ DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({}).apiRateLimitDefault).toBeUndefined();
    expect(loadConfig({ API_RATE_LIMIT_DEFAULT: '50000' }).apiRateLimitDefault).toBe(50000);
    expect(configError({ API_RATE_LIMIT_DEFAULT: '0' }).message).toContain('API_RATE_LIMIT_DEFAULT');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/sd' }).databaseUrl).toBe('postgres://localhost/sd');
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, and PUBLIC_URL as an origin', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(configError({ TRUST_PROXY: 'proxy.example' }).message).toContain('TRUST_PROXY');
    expect(configError({ TRUST_PROXY: '10.0.0.0/40' }).message).toContain('TRUST_PROXY');
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com' }).publicUrl?.origin).toBe('https://app.example.com');
    expect(configError({ PUBLIC_URL: 'https://app.example.com/path' }).message).toContain('PUBLIC_URL');
    expect(configError({ PUBLIC_URL: 'nope' }).message).toContain('PUBLIC_URL');
  });

  it.each(['abc', '70000', '-1', '3000.5', '65536'])('refuses PORT=%s with one clear line', (port) => {
    const err = configError({ PORT: port });
    expect(err.message).toContain('PORT');
    expect(err.message).toContain(port);
    expect(err.message).not.toContain('\n');
  });

  it('refuses a DATABASE_URL that is not postgres', () => {
    for (const url of ['mysql://localhost/db', 'localhost:5432', 'http://db']) {
      const err = configError({ DATABASE_URL: url });
      expect(err.message).toContain('DATABASE_URL');
      expect(err.message).toMatch(/postgres/);
    }
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD and the other way round', () => {
    expect(configError({ ADMIN_EMAIL: 'boss@example.com' }).message).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(configError({ ADMIN_PASSWORD: 'secret-123' }).message).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('refuses an admin e-mail that is not one and a short admin or demo password', () => {
    expect(configError({ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'secret-123' }).message).toContain('ADMIN_EMAIL');
    expect(configError({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: '12345' }).message).toContain('ADMIN_PASSWORD');
    expect(configError({ DEMO_PASSWORD: '12345' }).message).toContain('DEMO_PASSWORD');
  });

  it('builds the admin from ADMIN_* with a default name', () => {
    expect(loadConfig({ ADMIN_EMAIL: ' boss@example.com ', ADMIN_PASSWORD: 'secret-123' }).admin).toEqual({
      email: 'boss@example.com',
      password: 'secret-123',
      name: 'Administrator',
    });
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'secret-123', ADMIN_NAME: ' Amina ' }).admin?.name).toBe('Amina');
  });

  it('refuses unknown booleans and out-of-range numbers', () => {
    expect(configError({ DEMO_DATA: 'maybe' }).message).toContain('DEMO_DATA');
    expect(configError({ MAX_UPLOAD_MB: '0' }).message).toContain('MAX_UPLOAD_MB');
    expect(configError({ PASSWORD_HASH_COST: '9' }).message).toContain('PASSWORD_HASH_COST');
  });
});
