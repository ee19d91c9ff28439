import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

/**
 * "Today" is the company's day (decision record 020): the status rules and the dashboard tiles
 * change at local midnight in the company's zone, not at UTC midnight. The app's clock is
 * injected (no sleeping): 23:30 and 00:30 local time in Dubai (UTC+4) and New York (west of UTC).
 */
describe('the company time zone decides what today is', () => {
  let ctx: TestContext;
  let cookie: string;
  let clock = new Date();

  beforeAll(async () => {
    ctx = await createTestContext({}, { settings: { timezone: 'UTC+4' }, now: () => clock });
    const a = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Zone Admin' });
    cookie = await signIn(ctx, a.email, a.password);
    await ctx.db.query(`INSERT INTO compliance_items (type, title, due_date, workflow_state) VALUES
      ('dfsa_filing', 'Filing due 3 Jul', '2026-07-03', 'in_progress'),
      ('uae_tax', 'Tax due 10 Jul', '2026-07-10', 'not_started')`);
  });
  afterAll(() => ctx.close());

  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const status = async (title: string) =>
    (await get('/api/compliance')).items.find((i: { title: string }) => i.title === title)?.status as string;
  const tile = async (key: string) => (await get('/api/dashboard')).tiles.find((t: { key: string }) => t.key === key)?.value as string;
  const setZone = async (timezone: string) => {
    const { settings } = await get('/api/settings');
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload: { ...settings, timezone } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('in Dubai: due today at 23:30 on 3 Jul (19:30 UTC), overdue at 00:30 on 4 Jul (still 3 Jul in UTC)', async () => {
    clock = new Date('2026-07-03T19:30:00Z'); // 23:30 in Dubai
    expect(await status('Filing due 3 Jul')).toBe('due_soon');
    expect(await tile('dfsaFilingsDueToday')).toBe('1');
    expect(await status('Tax due 10 Jul')).toBe('in_progress'); // 7 days ahead: the 8th day
    expect(await tile('uaeTaxStatus')).toBe('Up-to-Date');

    clock = new Date('2026-07-03T20:30:00Z'); // 00:30 on 4 Jul in Dubai; UTC still says 3 Jul
    expect(await status('Filing due 3 Jul')).toBe('overdue');
    expect(await tile('dfsaFilingsDueToday')).toBe('0');
    expect(await status('Tax due 10 Jul')).toBe('due_soon');
    expect(await tile('uaeTaxStatus')).toBe('Due Soon');
  });

  it('a change of the setting takes effect at once: in New York (UTC-5, summer UTC-4) 23:30 on 3 Jul is 03:30 UTC on 4 Jul', async () => {
    clock = new Date('2026-07-04T03:30:00Z');
    // Still in Dubai (07:30 on 4 Jul): overdue.
    expect(await status('Filing due 3 Jul')).toBe('overdue');
    await setZone('UTC-5');
    expect(await status('Filing due 3 Jul')).toBe('due_soon');
    expect(await tile('dfsaFilingsDueToday')).toBe('1');

    clock = new Date('2026-07-04T04:30:00Z'); // 00:30 on 4 Jul in New York
    expect(await status('Filing due 3 Jul')).toBe('overdue');
    expect(await tile('dfsaFilingsDueToday')).toBe('0');
    await setZone('UTC+4');
    expect(await status('Filing due 3 Jul')).toBe('overdue');
  });

  it('the compliance digest goes out once per company day, and counts overdue from that day (Dubai, then New York)', async () => {
    const digestDays = async () =>
      (
        await sql<{ day: string }>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM email_digests WHERE kind = 'compliance' ORDER BY day`,
        ).all(ctx.db)
      ).map((r) => r.day);
    const lastDigestSubject = async () =>
      (
        await sql<{ subject: string }>(
          `SELECT subject FROM email_outbox WHERE kind = 'compliance_digest' ORDER BY created_at DESC, id DESC LIMIT 1`,
        ).first(ctx.db)
      )?.subject;
    await setZone('UTC+4');
    await ctx.db.query('DELETE FROM email_digests');
    const { enqueueComplianceDigest } = await import('../email/notify.ts');
    // 23:30 on 3 Jul in Dubai: the digest claims 3 Jul; the filing due that day is due, not overdue.
    expect(await ctx.db.tx((q) => enqueueComplianceDigest(q, new Date('2026-07-03T19:30:00Z')))).toBeGreaterThan(0);
    expect(await lastDigestSubject()).toBe('Compliance: 0 overdue, 2 due within 7 days');
    // 23:45: the same company day, no second digest.
    expect(await ctx.db.tx((q) => enqueueComplianceDigest(q, new Date('2026-07-03T19:45:00Z')))).toBe(0);
    // 00:30 on 4 Jul in Dubai (still 3 Jul in UTC): a new day, and the filing is overdue.
    expect(await ctx.db.tx((q) => enqueueComplianceDigest(q, new Date('2026-07-03T20:30:00Z')))).toBeGreaterThan(0);
    expect(await lastDigestSubject()).toBe('Compliance: 1 overdue, 1 due within 7 days');
    expect(await digestDays()).toEqual(['2026-07-03', '2026-07-04']);

    // New York, west of UTC: 23:30 on 4 Jul there is 03:30 UTC on 5 Jul, still 4 Jul for the company.
    await setZone('UTC-5');
    expect(await ctx.db.tx((q) => enqueueComplianceDigest(q, new Date('2026-07-05T03:30:00Z')))).toBe(0);
    // 00:30 on 5 Jul in New York: the 5th's digest.
    expect(await ctx.db.tx((q) => enqueueComplianceDigest(q, new Date('2026-07-05T04:30:00Z')))).toBeGreaterThan(0);
    expect(await digestDays()).toEqual(['2026-07-03', '2026-07-04', '2026-07-05']);
    await setZone('UTC+4');
  });

  describe('every IANA zone (issue 27 item 14)', () => {
    const put = (timezone: unknown) =>
      get('/api/settings').then(({ settings }) =>
        ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload: { ...settings, timezone } }),
      );

    it('East Africa: at 20:30 UTC on 26 Nov Nairobi (UTC+3, 23:30) is still on the 26th, Dubai (UTC+4) on the 27th; at 21:30 UTC Nairobi is on the 27th too', async () => {
      await ctx.db.query(
        "INSERT INTO compliance_items (type, title, due_date, workflow_state) VALUES ('other', 'Due 26 Nov', '2026-11-26', 'in_progress')",
      );
      // Offsets by hand: Africa/Nairobi is UTC+3 all year (no summer time), Asia/Dubai UTC+4,
      // America/Los_Angeles UTC-8 in November (standard time).
      clock = new Date('2026-11-26T20:30:00Z');
      expect((await put('Africa/Nairobi')).statusCode).toBe(200);
      expect((await get('/api/company')).profile.timeZone).toBe('Africa/Nairobi');
      expect(await status('Due 26 Nov')).toBe('due_soon'); // due today (23:30 on 26 Nov)
      await setZone('UTC+4');
      expect(await status('Due 26 Nov')).toBe('overdue'); // 00:30 on 27 Nov in Dubai
      await setZone('UTC-8');
      expect(await status('Due 26 Nov')).toBe('due_soon'); // 12:30 on 26 Nov in Los Angeles
      expect((await put('Africa/Nairobi')).statusCode).toBe(200);
      clock = new Date('2026-11-26T21:30:00Z'); // 00:30 on 27 Nov in Nairobi
      expect(await status('Due 26 Nov')).toBe('overdue');
      await setZone('UTC+4');
    });

    it('stores a zone by its canonical name, keeps the four offsets, and refuses anything else with a field message', async () => {
      const saved = await put('indian/mauritius');
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await get('/api/settings')).settings.timezone).toBe('Indian/Mauritius');
      expect((await get('/api/company')).profile.timeZone).toBe('Indian/Mauritius');
      for (const offset of ['UTC+4', 'UTC+0', 'UTC-5', 'UTC-8']) {
        expect((await put(offset)).statusCode).toBe(200);
        expect((await get('/api/settings')).settings.timezone).toBe(offset);
      }
      for (const bad of ['Mars/Olympus_Mons', 'UTC+3', '../../etc/passwd', '', 'x'.repeat(100), 42, null]) {
        const res = await put(bad);
        expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(400);
        expect(res.json().fields?.timezone, JSON.stringify(bad)).toBeTruthy();
      }
      expect((await get('/api/settings')).settings.timezone).toBe('UTC-8');
      await setZone('UTC+4');
    });
  });
});
