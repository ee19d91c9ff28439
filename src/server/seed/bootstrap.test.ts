import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS_FILE, CREDENTIALS_NOTICE, writeCredentials } from '../auth/initial-credentials.ts';
import { verifyPassword } from '../auth/password.ts';
import { loadConfig } from '../config.ts';
import { sql } from '../db/sql.ts';
import { getSettings } from '../modules/settings/service.ts';
import { createTestContext, signIn, type TestContext } from '../testing/harness.ts';
import { bootstrapAdmin } from './bootstrap.ts';
import { DEMO_REGULATORY_DETAILS, DEMO_USERS, loadDemoData } from './demo.ts';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('bootstrap and demo data', () => {
  let ctx: TestContext;
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sd-bootstrap-'));
    dirs.push(dir);
    return dir;
  };
  const config = (dataDir: string, env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '12', ...env });
  const account = async (email: string, on: TestContext = ctx) =>
    await sql<{
      id: string;
      role: string;
      admin_user_type: string | null;
      investor_user_type: string | null;
      status: string;
      name: string;
      password_hash: string;
      must_change_password: boolean;
    }>(`SELECT p.id, p.role, p.admin_user_type, p.investor_user_type, p.status, p.name, c.password_hash, c.must_change_password
           FROM profiles p JOIN credentials c ON c.user_id = p.id WHERE lower(p.email) = lower($1)`).first(on.db, [email]);
  const count = async (from: string, params?: unknown[], on: TestContext = ctx) =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`).first(on.db, params))?.n;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  describe('bootstrapAdmin', () => {
    const adminPassword = 'Operator-Chosen-Pw-42';
    const adminEmail = 'Boss@Ops.Example.com';

    it('creates an active founder from ADMIN_EMAIL/ADMIN_PASSWORD, not forced to change it', async () => {
      const dir = await tempDir();
      const lines: string[] = [];
      await bootstrapAdmin(ctx.db, config(dir, { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, ADMIN_NAME: 'Amina Boss' }), (l) =>
        lines.push(l),
      );
      const row = await account(adminEmail);
      expect(row).toMatchObject({
        role: 'admin',
        admin_user_type: 'founder',
        investor_user_type: null,
        status: 'active',
        name: 'Amina Boss',
        must_change_password: false,
      });
      expect(await verifyPassword(adminPassword, row?.password_hash ?? '')).toBe(true);
      expect(lines.join('\n')).not.toContain(adminPassword);
      expect(await exists(path.join(dir, CREDENTIALS_FILE))).toBe(false);
      const cookie = await signIn(ctx, adminEmail, adminPassword);
      const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.json().user).toMatchObject({ role: 'admin', userType: 'founder', mustChangePassword: false });
    });

    it('changes nothing about that account on a later start', async () => {
      const before = await account(adminEmail);
      await ctx.db.query("UPDATE profiles SET status = 'suspended', admin_user_type = 'cio' WHERE id = $1", [before?.id]);
      const lines: string[] = [];
      // Same e-mail in another case, and a different password and name: still nothing changes.
      await bootstrapAdmin(
        ctx.db,
        config(await tempDir(), { ADMIN_EMAIL: adminEmail.toLowerCase(), ADMIN_PASSWORD: 'another-password', ADMIN_NAME: 'Someone Else' }),
        (l) => lines.push(l),
      );
      const after = await account(adminEmail);
      expect(after).toEqual({ ...before, status: 'suspended', admin_user_type: 'cio' });
      expect(after?.password_hash).toBe(before?.password_hash);
      expect(await count('profiles WHERE lower(email) = lower($1)', [adminEmail])).toBe(1);
      expect(lines).toEqual([]);
    });

    it('creates no generated admin when the database already has one', async () => {
      const dir = await tempDir();
      await bootstrapAdmin(ctx.db, config(dir), () => {});
      expect(await account('admin@example.com')).toBeUndefined();
      expect(await exists(path.join(dir, CREDENTIALS_FILE))).toBe(false);
    });

    it('without ADMIN_*, gives a database with no admin one whose generated password is only in a 0600 file', async () => {
      await ctx.db.query("DELETE FROM profiles WHERE role = 'admin'");
      // Investors do not count as an admin.
      await ctx.db.query(
        "INSERT INTO profiles (email, name, role, investor_user_type, status) VALUES ('inv@bootstrap.example', 'Inv', 'investor', 'hni', 'active')",
      );
      const dir = await tempDir();
      const lines: string[] = [];
      await bootstrapAdmin(ctx.db, config(dir), (l) => lines.push(l));

      const row = await account('admin@example.com');
      expect(row).toMatchObject({ role: 'admin', admin_user_type: 'founder', status: 'active', must_change_password: true });

      const file = path.join(dir, CREDENTIALS_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const text = await readFile(file, 'utf8');
      const match = /^admin\tadmin@example\.com\t(\S+)$/m.exec(text);
      expect(match).not.toBeNull();
      const password = match?.[1] ?? '';
      expect(password).toHaveLength(24);
      expect(await verifyPassword(password, row?.password_hash ?? '')).toBe(true);

      const said = lines.join('\n');
      expect(said).toContain(file);
      expect(said).not.toContain(password);

      // It must be changed at first sign-in.
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'admin@example.com', password } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.mustChangePassword).toBe(true);

      // A second start does nothing: no other admin, the file is untouched.
      await bootstrapAdmin(ctx.db, config(dir), (l) => lines.push(l));
      expect(await count("profiles WHERE role = 'admin'")).toBe(1);
      expect(await readFile(file, 'utf8')).toBe(text);
    });

    it('says to delete the file after reading, and drops the generated password once it is changed', async () => {
      await ctx.db.query("DELETE FROM profiles WHERE role = 'admin'");
      const file = path.join(ctx.config.dataDir, CREDENTIALS_FILE);
      await bootstrapAdmin(ctx.db, ctx.config, () => {});
      await writeCredentials(ctx.config.dataDir, ['# Demo accounts', 'investor\tinv@demo.example.com\tdemo-pass-1234']);
      const text = await readFile(file, 'utf8');
      expect(text.split('\n')[0]).toBe(CREDENTIALS_NOTICE);
      expect(text.match(/Delete this file/g)).toHaveLength(1);
      const password = /^admin\tadmin@example\.com\t(\S+)$/m.exec(text)?.[1] ?? '';
      const cookie = await signIn(ctx, 'admin@example.com', password);
      const newPassword = 'A-fresh-Operator-Pw-77';
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie },
        // The first sign-in also sets the real address (issue 27 item 12).
        payload: { currentPassword: password, newPassword, email: 'Amina@Firm.Example' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await account('amina@firm.example')).toMatchObject({ admin_user_type: 'founder', must_change_password: false });
      expect(await account('admin@example.com')).toBeUndefined();
      const after = await readFile(file, 'utf8');
      expect(after).not.toContain(password);
      expect(after).not.toContain('admin@example.com');
      expect(after).toContain('investor\tinv@demo.example.com\tdemo-pass-1234');
      expect(after).toContain(CREDENTIALS_NOTICE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    });
  });

  describe('loadDemoData', () => {
    const demoCount = () => count('profiles WHERE email = ANY($1)', [DEMO_USERS.map((u) => u.email)]);

    it('includes an active demo investor', () => {
      expect(DEMO_USERS.some((u) => u.role === 'investor' && u.status === 'active')).toBe(true);
      expect(DEMO_USERS.some((u) => u.role === 'admin' && u.status === 'active')).toBe(true);
    });

    it('loads nothing with DEMO_DATA=0, even on a fresh embedded database', async () => {
      expect(await loadDemoData({ ...ctx, config: config(await tempDir(), { DEMO_DATA: '0' }) }, true, () => {})).toBe(false);
      expect(await demoCount()).toBe(0);
    });

    it('loads nothing by default on a database that is not fresh', async () => {
      expect(await loadDemoData({ ...ctx, config: config(await tempDir()) }, false, () => {})).toBe(false);
      expect(await demoCount()).toBe(0);
    });

    it('shows no placeholder as a regulatory fact: unset details are empty, demo data brings fictional ones', async () => {
      const before = await getSettings(ctx.db);
      for (const key of [
        'licenseNumber',
        'complianceContactName',
        'complianceContactEmail',
        'complianceContactPhone',
        // Issue 27: a fresh install claims nothing on its landing page.
        'claimAssetsUnderManagement',
        'claimInvestors',
        'claimCompletedDeals',
        'claimPresence',
        'claimPresenceAr',
      ] as const) {
        expect(before[key], key).toBe('');
      }
      expect(JSON.stringify(before)).not.toMatch(/placeholder|000 0000|compliance@example\.com/);
    });

    it('loads the demo accounts once on a fresh embedded database, with DEMO_PASSWORD', async () => {
      const dir = await tempDir();
      // A PostgreSQL server never gets demo data by itself: there it takes DEMO_DATA=1.
      if (ctx.db.engine === 'postgres') expect(await loadDemoData({ ...ctx, config: config(dir) }, true, () => {})).toBe(false);
      const cfg = config(dir, { DEMO_PASSWORD: 'Demo-Pass-2024', ...(ctx.db.engine === 'postgres' ? { DEMO_DATA: '1' } : {}) });
      const lines: string[] = [];
      expect(await loadDemoData({ ...ctx, config: cfg }, true, (l) => lines.push(l))).toBe(true);
      expect(await demoCount()).toBe(DEMO_USERS.length);
      expect(await getSettings(ctx.db)).toMatchObject(DEMO_REGULATORY_DETAILS);
      for (const u of DEMO_USERS) {
        const row = await account(u.email);
        expect(row).toMatchObject({ role: u.role, status: u.status, name: u.name, must_change_password: false });
        expect(row?.admin_user_type ?? row?.investor_user_type).toBe(u.adminUserType ?? u.investorUserType);
      }
      const investor = DEMO_USERS.find((u) => u.role === 'investor' && u.status === 'active');
      expect(await verifyPassword('Demo-Pass-2024', (await account(investor?.email ?? ''))?.password_hash ?? '')).toBe(true);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in',
            payload: { email: investor?.email, password: 'Demo-Pass-2024' },
          })
        ).statusCode,
      ).toBe(200);
      expect(lines.join('\n')).not.toContain('Demo-Pass-2024');
      expect(await exists(path.join(dir, CREDENTIALS_FILE))).toBe(false);

      // Once only.
      expect(await loadDemoData({ ...ctx, config: cfg }, true, () => {})).toBe(false);
      expect(await loadDemoData({ ...ctx, config: config(dir, { DEMO_DATA: '1' }) }, false, () => {})).toBe(false);
      expect(await demoCount()).toBe(DEMO_USERS.length);
    });

    it('with DEMO_DATA=1 and no DEMO_PASSWORD, writes a random password to the credentials file only', async () => {
      // A database where the demo data was never loaded, and which is not fresh.
      const other = await createTestContext();
      try {
        const dir = await tempDir();
        const lines: string[] = [];
        expect(await loadDemoData({ ...other, config: config(dir, { DEMO_DATA: '1' }) }, false, (l) => lines.push(l))).toBe(true);
        expect(await count('profiles WHERE email = ANY($1)', [DEMO_USERS.map((u) => u.email)], other)).toBe(DEMO_USERS.length);

        const file = path.join(dir, CREDENTIALS_FILE);
        expect((await stat(file)).mode & 0o777).toBe(0o600);
        const text = await readFile(file, 'utf8');
        const founder = DEMO_USERS[0];
        const match = new RegExp(`^${founder?.role}\\t${founder?.email.replace(/\./g, '\\.')}\\t(\\S+)$`, 'm').exec(text);
        const password = match?.[1] ?? '';
        expect(password).toHaveLength(24);
        expect(await verifyPassword(password, (await account(founder?.email ?? '', other))?.password_hash ?? '')).toBe(true);
        for (const u of DEMO_USERS) expect(text).toContain(u.email);
        expect(lines.join('\n')).toContain(file);
        expect(lines.join('\n')).not.toContain(password);
      } finally {
        await other.close();
      }
    });
  });
});
