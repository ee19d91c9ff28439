import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

describe('admin dashboard, activity logs and settings', () => {
  let ctx: TestContext;
  let cookie: string;
  let admin: { id: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Dash Admin' });
    admin = a;
    cookie = await signIn(ctx, a.email, a.password);
  });
  afterAll(() => ctx.close());

  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const tile = async (key: string) => (await get('/api/dashboard')).tiles.find((t: { key: string }) => t.key === key);

  describe('tiles', () => {
    beforeEach(async () => {
      await ctx.db.query('DELETE FROM documents');
      await ctx.db.query('DELETE FROM deals');
      await ctx.db.query('DELETE FROM spvs');
      await ctx.db.query('DELETE FROM compliance_items');
    });

    it('counts Active deals only (not Pending), trend up only for Active deals created in the last 30 days', async () => {
      await ctx.db.query(`INSERT INTO deals (title, type, status, created_at) VALUES
        ('a', 'PPP', 'Active', now() - interval '60 days'), ('b', 'PPP', 'Pending', now() - interval '40 days'),
        ('c', 'PPP', 'Closed', now()), ('d', 'PPP', 'On Hold', now())`);
      expect(await tile('activeDeals')).toMatchObject({ value: '1', trend: 'stable' });
      // A new Pending deal neither counts nor makes the trend go up.
      await ctx.db.query(`INSERT INTO deals (title, type, status) VALUES ('p', 'PPP', 'Pending')`);
      expect(await tile('activeDeals')).toMatchObject({ value: '1', trend: 'stable' });
      await ctx.db.query(`INSERT INTO deals (title, type, status) VALUES ('e', 'PPP', 'Active')`);
      expect(await tile('activeDeals')).toMatchObject({ value: '2', trend: 'up' });
    });

    it('counts Active SPVs only', async () => {
      await ctx.db.query(`INSERT INTO spvs (name, jurisdiction, annual_return_due, status, created_at) VALUES
        ('s1', 'Mauritius', current_date + 90, 'Active', now() - interval '90 days'),
        ('s2', 'Mauritius', current_date + 90, 'Dormant', now())`);
      expect(await tile('activeSpvs')).toMatchObject({ value: '1', trend: 'stable' });
    });

    it('DFSA filings due today: only not-completed dfsa filings due today; attention above 0', async () => {
      expect(await tile('dfsaFilingsDueToday')).toMatchObject({ value: '0', trend: 'stable' });
      await ctx.db.query(`INSERT INTO compliance_items (type, title, due_date, workflow_state) VALUES
        ('dfsa_filing', 'today', current_date, 'in_progress'),
        ('dfsa_filing', 'done today', current_date, 'completed'),
        ('dfsa_filing', 'tomorrow', current_date + 1, 'not_started'),
        ('dfsa_filing', 'yesterday', current_date - 1, 'not_started'),
        ('uae_tax', 'tax today', current_date, 'not_started')`);
      expect(await tile('dfsaFilingsDueToday')).toMatchObject({ value: '1', trend: 'attention' });
    });

    it('UAE tax status at its boundaries', async () => {
      const at = async (days: number, state = 'not_started') => {
        await ctx.db.query('DELETE FROM compliance_items');
        await ctx.db.query(
          `INSERT INTO compliance_items (type, title, due_date, workflow_state) VALUES ('uae_tax', 't', current_date + $1::int, $2)`,
          [days, state],
        );
        return (await tile('uaeTaxStatus')).value;
      };
      expect(await at(8)).toBe('Up-to-Date');
      expect(await at(7)).toBe('Up-to-Date');
      expect(await at(6)).toBe('Due Soon');
      expect(await at(0)).toBe('Due Soon');
      expect(await at(-1)).toBe('Overdue');
      expect(await at(-1, 'completed')).toBe('Up-to-Date');
      // Nothing tracked: not 'Up-to-Date'.
      await ctx.db.query('DELETE FROM compliance_items');
      expect(await tile('uaeTaxStatus')).toMatchObject({ value: 'Nothing tracked yet', trend: 'stable' });
    });

    it('lists the four most recent Active or Pending deals', async () => {
      for (let i = 0; i < 6; i++) {
        await ctx.db.query(
          `INSERT INTO deals (title, type, status, created_at) VALUES ($1, 'PPP', $2, now() - make_interval(days => $3))`,
          [`deal ${i}`, i === 1 ? 'Closed' : 'Active', i],
        );
      }
      const { deals } = await get('/api/dashboard');
      expect(deals.map((d: { title: string }) => d.title)).toEqual(['deal 0', 'deal 2', 'deal 3', 'deal 4']);
    });
  });

  describe('activity logs', () => {
    it('filters by type and search on the server, counts matches, pages with a cursor, resolves names', async () => {
      const target = await createUser(ctx, { role: 'investor', name: 'Zebra Target' });
      await ctx.db.query(
        `INSERT INTO activity_logs (activity_type, user_id, target_user_id, details, ip_address)
         SELECT 'user_status_change', $1, $2, jsonb_build_object('from', 'pending', 'to', 'active', 'n', g), '10.0.0.1'
           FROM generate_series(1, 150) g`,
        [admin.id, target.id],
      );
      await ctx.db.query(`INSERT INTO activity_logs (activity_type, details) VALUES ('user_signup', '{"email":"system@x.test"}')`);
      const page1 = await get('/api/activity-logs?type=user_status_change');
      expect(page1.total).toBe(150);
      expect(page1.logs).toHaveLength(100);
      expect(page1.logs[0]).toMatchObject({ userName: 'Dash Admin', targetName: 'Zebra Target', ipAddress: '10.0.0.1' });
      const page2 = await get(`/api/activity-logs?type=user_status_change&before=${page1.nextCursor}`);
      expect(page2.logs).toHaveLength(50);
      expect(page2.nextCursor).toBeNull();
      const ids = new Set([...page1.logs, ...page2.logs].map((l: { id: number }) => l.id));
      expect(ids.size).toBe(150);

      const search = await get('/api/activity-logs?search=zebra');
      expect(search.total).toBe(150);
      const sys = await get('/api/activity-logs?search=system%40x.test');
      expect(sys.logs[0]).toMatchObject({ userId: null, userName: null });
      const none = await get(`/api/activity-logs?search=${encodeURIComponent("%' OR 1=1 --")}`);
      expect(none.total).toBe(0);
    });

    it('has no route that updates or deletes logs', async () => {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
        const res = await ctx.app.inject({ method, url: '/api/activity-logs', headers: { cookie }, payload: {} });
        expect(res.statusCode).toBe(404);
      }
      expect(ctx.app.routeTable.filter((r) => r.url.startsWith('/api/activity-logs') && r.method !== 'GET')).toEqual([]);
    });

    it('rejects bad query values with 400', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/activity-logs?limit=1000', headers: { cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    });
  });

  describe('settings', () => {
    it('returns the spec defaults', async () => {
      // The harness stores two-factor off and a high API limit for the suites; the defaults show without them.
      const seeded = await sql<{ value: unknown }>("DELETE FROM settings WHERE key = 'app' RETURNING value").all(ctx.db);
      const { settings } = await get('/api/settings');
      await ctx.db.query("INSERT INTO settings (key, value) VALUES ('app', $1::jsonb)", [JSON.stringify(seeded[0]?.value ?? {})]);
      expect(settings).toMatchObject({
        timezone: 'UTC+4',
        language: 'en',
        twoFactorAuth: true,
        passwordPolicy: 'strong',
        sessionTimeout: 8,
        dataRetention: 7,
        backupFrequency: 'daily',
        apiRateLimit: 1000,
        smtpPort: 587,
        emailNotifications: true,
        smsNotifications: false,
        dealAlerts: true,
        complianceAlerts: true,
        clientClassification: 'Professional Client',
      });
    });

    it('validates, saves, logs the changed keys, and the company name reaches new sessions and pages', async () => {
      const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload });
      const bad = await put({ smtpPort: 70000, emailFromAddress: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ smtpPort: expect.any(String), emailFromAddress: expect.any(String) });
      expect((await get('/api/settings')).settings.smtpPort).toBe(587);

      const ok = await put({ companyName: 'Acme Partners', sessionTimeout: 2 });
      expect(ok.statusCode).toBe(200);
      expect((await get('/api/settings')).settings).toMatchObject({ companyName: 'Acme Partners', sessionTimeout: 2 });
      const log = await sql<{ details: { changedKeys: string[] } }>(
        "SELECT details FROM activity_logs WHERE activity_type = 'settings_updated' ORDER BY id DESC LIMIT 1",
      ).all(ctx.db);
      expect(log[0]?.details.changedKeys.sort()).toEqual(['companyName', 'sessionTimeout']);

      // New sessions get the configured idle timeout.
      const u = await createUser(ctx, { role: 'investor' });
      await signIn(ctx, u.email, u.password);
      const s = await sql<{ idle_timeout_seconds: number }>('SELECT idle_timeout_seconds FROM sessions WHERE user_id = $1').all(ctx.db, [
        u.id,
      ]);
      expect(s[0]?.idle_timeout_seconds).toBe(7200);
      await put({ companyName: 'Meridian Capital Group', sessionTimeout: 8 });
    });

    it('the company profile is edited in Settings and public at /api/company, unset values empty (never a placeholder)', async () => {
      const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload });
      const anonymous = async () => {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/company' });
        expect(res.statusCode).toBe(200);
        return res.json().profile;
      };
      const blank = { legalName: '', registeredOffice: '', offices: [], investorRelationsName: '', investorRelationsEmail: '' };
      expect((await put({ ...blank, licenseNumber: '', investorRelationsPhone: '' })).statusCode).toBe(200);
      const empty = await anonymous();
      expect(empty).toMatchObject({ legalName: '', registeredOffice: '', licenseNumber: '', offices: [] });
      expect(empty.investorRelations).toEqual({ name: '', email: '', phone: '' });
      expect(JSON.stringify(empty)).not.toMatch(/placeholder|to be confirmed|000 000|example\.com/i);

      // An office without a city, or with a bad e-mail, is refused with a field error; nothing is saved.
      const bad = await put({ legalName: 'Half Saved Ltd', offices: [{ city: '', email: 'nope' }] });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['offices.0.city', 'offices.0.email']));
      expect((await anonymous()).legalName).toBe('');
      expect((await put({ offices: Array.from({ length: 7 }, (_, i) => ({ city: `City ${i}` })) })).statusCode).toBe(400);

      const office = {
        city: 'Dubai, UAE',
        role: 'Headquarters',
        address: 'Unit 1, DIFC',
        phone: '+971 4 555 0100',
        email: 'dubai@firm.example',
      };
      const ok = await put({
        legalName: 'Firm Limited',
        licenseNumber: 'F123456',
        registeredOffice: 'Unit 1, DIFC, Dubai',
        offices: [office, { city: 'Nairobi, Kenya' }],
        investorRelationsEmail: 'ir@firm.example',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const profile = await anonymous();
      expect(profile).toMatchObject({ legalName: 'Firm Limited', licenseNumber: 'F123456', registeredOffice: 'Unit 1, DIFC, Dubai' });
      expect(profile.offices).toEqual([office, { city: 'Nairobi, Kenya', role: '', address: '', phone: '', email: '' }]);
      expect(profile.investorRelations.email).toBe('ir@firm.example');
      // The public profile carries nothing but the profile (no SMTP or security settings), and the
      // company's zone, which every served page already names (open tabs follow it).
      expect(Object.keys(profile).sort()).toEqual([
        'claims',
        'companyName',
        'compliance',
        // The disclaimer statements and notices end with (issue 26), in English and Arabic.
        'disclaimer',
        'investorRelations',
        'legalName',
        'licenseNumber',
        'offices',
        'registeredOffice',
        'regulatorAuthorization',
        'timeZone',
      ]);
      await put({ ...blank, licenseNumber: '' });
    });

    it("the landing claims are the firm's own settings: none by default, field messages for bad ones, public once set (issue 27)", async () => {
      const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload });
      const claims = async () => (await ctx.app.inject({ method: 'GET', url: '/api/company' })).json().profile.claims;
      // A fresh install claims nothing (the spec's figures are demo data only).
      expect(await claims()).toEqual({ assetsUnderManagement: '', investors: '', completedDeals: '', presence: { en: '', ar: '' } });

      const bad = await put({
        claimAssetsUnderManagement: 'lots',
        claimInvestors: '1'.repeat(17),
        claimCompletedDeals: '25+',
        claimPresence: 'x'.repeat(201),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        claimAssetsUnderManagement: 'Enter a figure with digits, such as 150+ or $500M+',
        claimInvestors: 'At most 16 characters, such as $500M+',
        claimPresence: 'At most 200 characters',
      });
      // Nothing half-saved: the valid deals figure of the refused request is not stored.
      expect((await claims()).completedDeals).toBe('');

      const ok = await put({
        claimAssetsUnderManagement: ' $40M ',
        claimCompletedDeals: '1',
        claimPresence: 'A team in Dubai.',
        claimPresenceAr: 'فريق في دبي.',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await claims()).toEqual({
        assetsUnderManagement: '$40M',
        investors: '',
        completedDeals: '1',
        presence: { en: 'A team in Dubai.', ar: 'فريق في دبي.' },
      });
      await put({ claimAssetsUnderManagement: '', claimCompletedDeals: '', claimPresence: '', claimPresenceAr: '' });
    });
  });
});
