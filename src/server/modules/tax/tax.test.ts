import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  certificationDueAfterChange,
  renewalReminderStage,
  TAX_MESSAGES,
  TAX_MISSING_MESSAGE,
  TAX_OVERDUE_MESSAGE,
} from '../../../shared/tax-certification.ts';
import { callApi, errorBody } from '../../testing/api-client.ts';
import { type Investor, moneyFixtures } from '../../testing/fixtures.ts';
import { classifyProfessional, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { postEntry } from '../ledger/service.ts';
import { companyDayIn } from '../settings/clock.ts';
import { getSettings, saveSettings } from '../settings/service.ts';
import { enqueueTaxRenewalReminders } from './service.ts';

/** Issue 31 part 3, decision 049: FATCA/CRS self-certification, the gate, change of circumstances, the export. */

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';
const SUITABILITY = { experience: 'extensive', riskTolerance: 'high', netWorthBand: 'over_25m', investmentHorizon: '5_10y' };
const PASSWORD = 'correct-horse-1';

function expectError(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('tax self-certification API (issue 31 part 3)', () => {
  let ctx: TestContext;
  let adminCookie: string;
  const fx = moneyFixtures(
    () => ctx,
    () => adminCookie,
  );
  const { call } = fx;

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, adm.email, adm.password);
  });
  afterAll(async () => ctx?.close());

  /** KYC approved, suitability done, classified: only the tax self-certification is missing. */
  const uncertified = async (name: string, investorUserType: 'hni' | 'offshore_fund' = 'hni'): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name, investorUserType });
    await ctx.db.query("UPDATE kyc_applications SET status = 'approved' WHERE investor_id = $1", [u.id]);
    const who = { id: u.id, cookie: await signIn(ctx, u.email, u.password) };
    expect((await call('POST', '/api/investor/suitability-review', who.cookie, SUITABILITY)).statusCode).toBe(200);
    await classifyProfessional(ctx, u.id);
    return who;
  };
  const individual = (name: string, extra: Record<string, unknown> = {}) => ({
    kind: 'individual',
    residences: [{ country: 'AE', tin: '784-1980-1234567-1' }],
    usPerson: false,
    signedName: name,
    attest: true,
    password: PASSWORD,
    ...extra,
  });
  /** Signs a certification; the bodies are loose fixtures, some of them refused on purpose. */
  const signTyped = (who: Investor, body: Record<string, unknown>) =>
    callApi(ctx.app, 'POST /api/investor/tax/certifications', { cookie: who.cookie, rawBody: body });
  const sign = async (who: Investor, body: Record<string, unknown>) => (await signTyped(who, body)).res;
  const mine = async (who: Investor) => {
    const { status, json, res } = await callApi(ctx.app, 'GET /api/investor/tax', { cookie: who.cookie });
    expect(status, res.body).toBe(200);
    return json.tax;
  };
  const stored = async (who: Investor) => (await ctx.db.query('SELECT 1 FROM tax_certifications WHERE investor_id = $1', [who.id])).length;
  const subscribe = (who: Investor, dealId: string) => call('POST', '/api/investor/subscriptions', who.cookie, { dealId, amount: '1000' });

  it('no certification: the gate refuses 409 with the message and writes nothing; signing lifts it', async () => {
    const deal = await fx.openDeal('Tax Gate Deal');
    const who = await uncertified('Tara Tax');
    const refused = expectError(await subscribe(who, deal.id), 409);
    expect(refused).toMatchObject({ code: 'TAX_CERTIFICATION_MISSING', message: TAX_MISSING_MESSAGE });
    expect((await ctx.db.query('SELECT 1 FROM subscriptions WHERE investor_id = $1', [who.id])).length).toBe(0);
    expect((await mine(who)).blocking.map((b) => b.code)).toEqual(['TAX_CERTIFICATION_MISSING']);
    // The classification screen lists the same reason (one gate).
    const cls = (await callApi(ctx.app, 'GET /api/investor/classification', { cookie: who.cookie })).json;
    expect(cls.blocking.map((b) => b.code)).toEqual(['TAX_CERTIFICATION_MISSING']);

    const ok = await signTyped(who, individual('Tara Tax', { signedName: '  tara   TAX ' }));
    expect(ok.status, ok.res.body).toBe(200);
    const tax = ok.json.tax;
    expect(tax).toMatchObject({ kind: 'individual', blocking: [], current: { version: 1, reauth: 'password', signedName: 'tara   TAX' } });
    expect(tax.current?.answers).toEqual({
      kind: 'individual',
      residences: [{ country: 'AE', tin: '784-1980-1234567-1' }],
      usPerson: false,
    });
    expect((await subscribe(who, deal.id)).statusCode).toBe(201);
    // A second certification is version 2; both are kept.
    expect((await sign(who, individual('Tara Tax'))).statusCode).toBe(200);
    expect((await mine(who)).history.map((h) => h.version)).toEqual([2, 1]);
  });

  it('field rules at their boundaries, each on its own field; nothing stored', async () => {
    const who = await uncertified('Fiona Fields');
    const fields = async (body: Record<string, unknown>) => expectError(await sign(who, body), 400).fields ?? {};
    expect(await fields(individual('Fiona Fields', { residences: [] }))).toEqual({ residences: TAX_MESSAGES.residenceRequired });
    expect((await fields(individual('Fiona Fields', { residences: [{ country: 'XX', tin: '1' }] })))['residences.0.country']).toBe(
      TAX_MESSAGES.country,
    );
    expect((await fields(individual('Fiona Fields', { residences: [{ country: 'uk', tin: '1' }] })))['residences.0.country']).toBe(
      TAX_MESSAGES.country,
    );
    const dup = await fields(
      individual('Fiona Fields', {
        residences: [
          { country: 'GB', tin: 'A1' },
          { country: 'gb', tin: 'A2' },
        ],
      }),
    );
    expect(dup['residences.1.country']).toBe(TAX_MESSAGES.duplicateCountry);
    expect((await fields(individual('Fiona Fields', { residences: [{ country: 'GB' }] })))['residences.0.tin']).toBe(
      TAX_MESSAGES.tinOrReason,
    );
    const both = await fields(individual('Fiona Fields', { residences: [{ country: 'GB', tin: 'A1', noTinReason: 'A' }] }));
    expect(both['residences.0.tin']).toBe(TAX_MESSAGES.tinAndReason);
    const noExplanation = await fields(
      individual('Fiona Fields', { residences: [{ country: 'GB', noTinReason: 'B', explanation: 'abcd' }] }),
    );
    expect(noExplanation['residences.0.explanation']).toBe(TAX_MESSAGES.explanationRequired);
    // 30 characters at most, of the allowed kinds.
    expect(
      (await fields(individual('Fiona Fields', { residences: [{ country: 'GB', tin: `A${'1'.repeat(30)}` }] })))['residences.0.tin'],
    ).toBe('At most 30 characters');
    expect((await fields(individual('Fiona Fields', { residences: [{ country: 'GB', tin: 'AB#12' }] })))['residences.0.tin']).toBe(
      TAX_MESSAGES.tinFormat,
    );
    // Six residences: one too many (five is the limit).
    const six = ['AE', 'GB', 'FR', 'DE', 'IN', 'KE'].map((country) => ({ country, noTinReason: 'A' }));
    expect(await fields(individual('Fiona Fields', { residences: six }))).toEqual({ residences: TAX_MESSAGES.tooManyResidences });
    expect((await fields(individual('Fiona Fields', { residences: [{ country: 'US', tin: '123456789' }] }))).usPerson).toBe(
      TAX_MESSAGES.usResidentIsUsPerson,
    );
    expect((await fields(individual('Fiona Fields', { usPerson: true }))).usTin).toBe(TAX_MESSAGES.usTinRequired);
    expect((await fields(individual('Fiona Fields', { usPerson: true, usTin: '12345678' }))).usTin).toBe(TAX_MESSAGES.usTinFormat);
    expect((await fields(individual('Fiona Fields', { attest: false }))).attest).toBe(TAX_MESSAGES.attest);
    // Mass assignment: fields the server sets are refused.
    expect(Object.keys(await fields(individual('Fiona Fields', { version: 99, investorId: UNKNOWN_ID })))).toEqual(['_']);
    // The typed name must be the account's; the password must be right.
    expect((await fields(individual('Someone Else'))).signedName).toBe(TAX_MESSAGES.nameMismatch);
    expect((await fields(individual('Fiona Fields', { password: 'wrong-password-1' }))).password).toBe('The password is incorrect');
    expect((await fields(individual('Fiona Fields', { password: undefined }))).password).toBe('Enter your password to sign');
    expect(await stored(who)).toBe(0);
    // Five residences (the limit), reason C, a US person with a hyphenated SSN: accepted.
    const five = ['AE', 'GB', 'FR', 'DE', 'US'].map((country) => ({ country, noTinReason: 'C' }));
    const ok = await sign(who, individual('Fiona Fields', { residences: five, usPerson: true, usTin: '123-45-6789' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an entity certifies its FATCA class, CRS type and every named person; checked against its own persons', async () => {
    const fund = await uncertified('Ocean Fund Ltd', 'offshore_fund');
    const other = await uncertified('Other Fund Ltd', 'offshore_fund');
    const person = async (who: Investor, fullName: string) => {
      const { status, json, res } = await callApi(ctx.app, 'POST /api/investor/screening/persons', {
        cookie: who.cookie,
        body: { relation: 'controlling_person', fullName },
      });
      expect(status, res.body).toBe(201);
      return json.screening.persons.find((p) => p.fullName === fullName)?.id as string;
    };
    const base = {
      kind: 'entity',
      residences: [{ country: 'KY', noTinReason: 'A' }],
      fatcaClass: 'passive_nffe',
      crsType: 'passive_nfe',
      signedName: 'Ocean Fund Ltd',
      attest: true,
      password: PASSWORD,
    };
    expect(expectError(await sign(fund, individual('Ocean Fund Ltd')), 400).fields).toEqual({ kind: TAX_MESSAGES.wrongKind });
    expect(expectError(await sign(fund, base), 400).fields).toEqual({ controllingPersons: TAX_MESSAGES.personsRequired });
    expect(expectError(await sign(fund, { ...base, fatcaClass: 'participating_ffi' }), 400).fields?.giin).toBe(TAX_MESSAGES.giinRequired);
    expect(expectError(await sign(fund, { ...base, fatcaClass: 'participating_ffi', giin: '98Q96B.00000.XX.250' }), 400).fields?.giin).toBe(
      TAX_MESSAGES.giinFormat,
    );
    const a = await person(fund, 'Amira Owner');
    const b = await person(fund, 'Bruno Owner');
    const theirs = await person(other, 'Not Yours');
    const cp = (personId: string, country: string) => ({ personId, residences: [{ country, tin: 'T-1' }] });
    // Another investor's person: refused as unknown (object level), nothing stored.
    expect(expectError(await sign(fund, { ...base, controllingPersons: [cp(a, 'FR'), cp(theirs, 'FR')] }), 400).fields).toEqual({
      'controllingPersons.1.personId': TAX_MESSAGES.personUnknown,
    });
    // One of two named persons only: every one must be certified.
    expect(expectError(await sign(fund, { ...base, controllingPersons: [cp(a, 'FR')] }), 400).fields).toEqual({
      controllingPersons: TAX_MESSAGES.personsRequired,
    });
    expect(await stored(fund)).toBe(0);
    const ok = await signTyped(fund, { ...base, controllingPersons: [cp(a, 'FR'), cp(b, 'US')] });
    expect(ok.status, ok.res.body).toBe(200);
    const tax = ok.json.tax;
    expect(tax.current?.answers).toMatchObject({
      kind: 'entity',
      fatcaClass: 'passive_nffe',
      controllingPersons: [
        { personId: a, name: 'Amira Owner' },
        { personId: b, name: 'Bruno Owner' },
      ],
    });
    // An admin sees it; an unknown investor is a 404.
    const admin = await callApi(ctx.app, 'GET /api/tax/investors/:id', { cookie: adminCookie, params: { id: fund.id } });
    expect(admin.status).toBe(200);
    expect(admin.json.tax.current?.version).toBe(1);
    expect((await call('GET', `/api/tax/investors/${UNKNOWN_ID}`, adminCookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/tax/investors/${fund.id}`, fund.cookie)).statusCode).toBe(403);
  });

  it('parallel signatures get consecutive versions, never a 500 or a duplicate', async () => {
    const who = await uncertified('Paula Parallel');
    const answers = await Promise.all(Array.from({ length: 12 }, () => sign(who, individual('Paula Parallel'))));
    for (const r of answers) expect([200, 429]).toContain(r.statusCode);
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(ok).toBeGreaterThan(0);
    const versions = (
      (await ctx.db.query('SELECT version FROM tax_certifications WHERE investor_id = $1 ORDER BY version', [who.id])) as {
        version: number;
      }[]
    ).map((r) => r.version);
    expect(versions).toEqual(Array.from({ length: ok }, (_, i) => i + 1));
  });

  it('90 days after a change of circumstances (company day), the gate blocks until a new certification', async () => {
    // Reference figures by hand: 27 Nov + 90 days = 3 (to 30 Nov) + 31 (Dec) + 31 (Jan) + 25 = 25 Feb;
    // over a leap February: 15 Dec 2027 + 16 + 31 + 29 + 14 = 14 Mar 2028.
    expect(certificationDueAfterChange('2026-11-27')).toBe('2027-02-25');
    expect(certificationDueAfterChange('2027-12-15')).toBe('2028-03-14');

    const deal = await fx.openDeal('Change of Circumstances Deal');
    const who = await uncertified('Carl Change');
    expect((await sign(who, individual('Carl Change'))).statusCode).toBe(200);
    const bad = expectError(await call('PUT', '/api/investor/tax/residence', who.cookie, { residenceCountry: 'ZZ', address: 'x' }), 400);
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['address', 'residenceCountry']);
    const moved = await callApi(ctx.app, 'PUT /api/investor/tax/residence', {
      cookie: who.cookie,
      body: { residenceCountry: 'gb', address: '10 Downing Street, London' },
    });
    expect(moved.status, moved.res.body).toBe(200);
    const tax = moved.json.tax;
    // The company's day, computed here from the zone setting with Intl (not by the code under test).
    const { zone } = await companyDayIn(ctx.db);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const due = new Date(Date.UTC(y, m - 1, d + 90)).toISOString().slice(0, 10);
    expect(tax).toMatchObject({ residenceCountry: 'GB', pendingChange: { changedOn: today, dueDate: due, overdue: false }, blocking: [] });
    // The calendar item and the reminder e-mail.
    const item = await ctx.db.query(
      "SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date, workflow_state FROM compliance_items WHERE title = 'Tax self-certification renewal: Carl Change'",
    );
    expect(item).toEqual([{ due_date: due, workflow_state: expect.any(String) }]);
    expect(await ctx.db.query("SELECT 1 FROM email_outbox WHERE kind = 'tax_recertification' AND user_id = $1", [who.id])).toHaveLength(1);
    // The same residence again is refused.
    expect(
      expectError(
        await call('PUT', '/api/investor/tax/residence', who.cookie, { residenceCountry: 'GB', address: '10 Downing Street, London' }),
        400,
      ).fields,
    ).toHaveProperty('address');

    // On the due day itself it still counts; the day after, new subscriptions are refused.
    await ctx.db.query('UPDATE tax_circumstance_changes SET due_date = $2, changed_on = $2::date - 90 WHERE investor_id = $1', [
      who.id,
      today,
    ]);
    expect((await subscribe(who, deal.id)).statusCode).toBe(201);
    const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    await ctx.db.query('UPDATE tax_circumstance_changes SET due_date = $2, changed_on = $2::date - 90 WHERE investor_id = $1', [
      who.id,
      yesterday,
    ]);
    expect(expectError(await subscribe(who, deal.id), 409)).toMatchObject({
      code: 'TAX_CERTIFICATION_OVERDUE',
      message: TAX_OVERDUE_MESSAGE,
    });
    // A new certification resolves the change and completes the calendar item.
    expect((await sign(who, individual('Carl Change', { residences: [{ country: 'GB', tin: 'QQ123456C' }] }))).statusCode).toBe(200);
    expect((await mine(who)).pendingChange).toBeNull();
    const done = await ctx.db.query(
      "SELECT workflow_state FROM compliance_items WHERE title = 'Tax self-certification renewal: Carl Change'",
    );
    expect(done).toEqual([{ workflow_state: 'completed' }]);
    expect((await subscribe(who, deal.id)).statusCode).toBe(201);
  });

  it('reminds 14 days before and on the due day (company zone), once each even with parallel runs', async () => {
    // The boundaries by hand: due 25 Feb 2027; 25 - 14 = 11 Feb. The company zone is Asia/Dubai
    // (UTC+4, no daylight saving), so its 11 Feb begins at 10 Feb 20:00 UTC and its 25 Feb at
    // 24 Feb 20:00 UTC; its 26 Feb (overdue: no "due today" any more) at 25 Feb 20:00 UTC.
    expect(renewalReminderStage('2027-02-25', '2027-02-10')).toBeNull();
    expect(renewalReminderStage('2027-02-25', '2027-02-11')).toBe('before');
    expect(renewalReminderStage('2027-02-25', '2027-02-24')).toBe('before');
    expect(renewalReminderStage('2027-02-25', '2027-02-25')).toBe('due');
    expect(renewalReminderStage('2027-02-25', '2027-02-26')).toBeNull();
    // Across a leap February: due 10 Mar 2028; 10 Mar - 14 days = 25 Feb (29 days in Feb 2028).
    expect(renewalReminderStage('2028-03-10', '2028-02-24')).toBeNull();
    expect(renewalReminderStage('2028-03-10', '2028-02-25')).toBe('before');
    // This suite runs on UTC; this test in the company's usual zone, UTC+4 (restored after).
    const saved = await getSettings(ctx.db);
    await saveSettings(ctx.db, { ...saved, timezone: 'UTC+4' }, null);
    onTestFinished(() => saveSettings(ctx.db, saved, null));
    expect((await companyDayIn(ctx.db)).zone).toBe('Asia/Dubai');

    const who = await uncertified('Rita Reminder');
    expect((await sign(who, individual('Rita Reminder'))).statusCode).toBe(200);
    const moved = await call('PUT', '/api/investor/tax/residence', who.cookie, {
      residenceCountry: 'FR',
      address: '1 Rue de Rivoli, Paris',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await ctx.db.query("UPDATE tax_circumstance_changes SET due_date = '2027-02-25', changed_on = '2026-11-27' WHERE investor_id = $1", [
      who.id,
    ]);
    const reminders = async () =>
      (
        (await ctx.db.query(
          "SELECT subject FROM email_outbox WHERE kind = 'tax_recertification_reminder' AND user_id = $1 ORDER BY created_at, id",
          [who.id],
        )) as { subject: string }[]
      ).map((r) => r.subject);
    // Dozens of servers run the daily job at the same instant: one e-mail per stage.
    const run = (iso: string, n = 1) =>
      Promise.all(Array.from({ length: n }, () => ctx.db.tx((q) => enqueueTaxRenewalReminders(q, new Date(iso)))));

    await run('2027-02-10T19:59:59Z'); // Dubai 10 Feb 23:59:59: 15 days before
    expect(await reminders()).toEqual([]);
    await run('2027-02-10T20:00:00Z', 20); // Dubai 11 Feb 00:00: 14 days before
    expect(await reminders()).toEqual(['Reminder: your tax self-certification is due soon']);
    await run('2027-02-20T08:00:00Z', 5); // later in the window: already reminded
    await run('2027-02-24T19:59:59Z'); // Dubai 24 Feb 23:59:59: the day before
    expect(await reminders()).toHaveLength(1);
    await run('2027-02-24T20:00:00Z', 20); // Dubai 25 Feb 00:00: the due day
    await run('2027-02-25T19:59:59Z', 3); // Dubai 25 Feb 23:59:59: still the due day, already sent
    expect(await reminders()).toEqual(['Reminder: your tax self-certification is due soon', 'Your tax self-certification is due today']);
    await run('2027-02-25T20:00:00Z'); // Dubai 26 Feb: overdue, the gate speaks now
    expect(await reminders()).toHaveLength(2);

    // A new certification resolves the change: no reminder for a later renewal window.
    const other = await uncertified('Sam Signed');
    expect((await sign(other, individual('Sam Signed'))).statusCode).toBe(200);
    expect(
      (await call('PUT', '/api/investor/tax/residence', other.cookie, { residenceCountry: 'DE', address: 'Unter den Linden 1' }))
        .statusCode,
    ).toBe(200);
    await ctx.db.query("UPDATE tax_circumstance_changes SET due_date = '2027-02-25', changed_on = '2026-11-27' WHERE investor_id = $1", [
      other.id,
    ]);
    expect((await sign(other, individual('Sam Signed'))).statusCode).toBe(200);
    await run('2027-02-24T20:00:00Z');
    expect(
      await ctx.db.query("SELECT 1 FROM email_outbox WHERE kind = 'tax_recertification_reminder' AND user_id = $1", [other.id]),
    ).toHaveLength(0);
  });

  it('exports the reporting year: reportable persons, year-end balance and payments exact', async () => {
    const year = 2025;
    const deal = await fx.openDeal('Export Deal', { createdAt: '2024-12-01' });
    // A: UK resident too (CRS), 100,000.00 contributed on 1 Feb; paid 12,345.67 Return of Capital on
    // 30 Jun and 1,000.01 Income on 30 Sep 2025; 500.00 Income on 15 Jan 2026 (next year: left out).
    const a = await fx.investor('Alice Export');
    await fx.hold(a, deal.id, '100000.00', { date: '2025-02-01' });
    // B: a US person (FATCA), 50,000.00 contributed on 1 Mar 2025, nothing paid.
    const b = await fx.investor('Bob Export');
    await fx.hold(b, deal.id, '50000.00', { date: '2025-03-01' });
    // C: resident in the UAE only: not reportable.
    const c = await fx.investor('Cleo Export');
    await fx.hold(c, deal.id, '10000.00', { date: '2025-03-01' });
    await ctx.db.tx(async (q) => {
      for (const [cents, date, type] of [
        [1234567n, '2025-06-30', 'Return of Capital'],
        [100001n, '2025-09-30', 'Income'],
        [50000n, '2026-01-15', 'Income'],
      ] as const)
        await postEntry(q, { investorId: a.id, dealId: deal.id, kind: 'distribution', cents, date, distributionType: type });
    });
    expect(
      (
        await sign(
          a,
          individual('Alice Export', {
            residences: [
              { country: 'AE', tin: '784-1' },
              { country: 'GB', tin: 'QQ123456C' },
            ],
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await sign(b, individual('Bob Export', { usPerson: true, usTin: '987654321' }))).statusCode).toBe(200);
    // Their certifications were signed during the year (the harness's version 1 earlier still).
    await ctx.db.query("UPDATE tax_certifications SET signed_at = '2025-01-10T08:00:00Z' WHERE investor_id = ANY($1::uuid[])", [
      [a.id, b.id, c.id],
    ]);

    const res = await call('GET', `/api/tax/export.csv?year=${year}`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'regime,account_holder,account_holder_email,account_holder_type,reportable_person,person_role,jurisdiction,tin,no_tin_reason,fatca_classification,crs_entity_type,giin,balance_year_end,payments_in_year,gross_proceeds_in_year,income_in_year,currency',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    const mineRows = rows.filter((r) => ['Alice Export', 'Bob Export', 'Cleo Export'].includes(r[1] as string));
    // By hand: A's balance at cost = 100,000.00 - 12,345.67 returned = 87,654.33; payments
    // 12,345.67 + 1,000.01 = 13,345.68 (proceeds 12,345.67, income 1,000.01). B: 50,000.00, none.
    expect(mineRows.map((r) => [r[0], r[1], r[5], r[6], r[7], r[12], r[13], r[14], r[15], r[16]])).toEqual([
      ['CRS', 'Alice Export', 'account_holder', 'GB', 'QQ123456C', '87654.33', '13345.68', '12345.67', '1000.01', 'USD'],
      ['FATCA', 'Bob Export', 'account_holder', 'US', '987654321', '50000.00', '0.00', '0.00', '0.00', 'USD'],
    ]);
    // The current year is not over; a year before CRS or not a number: 400 on the field.
    expect(
      expectError(await call('GET', `/api/tax/export.csv?year=${new Date().getUTCFullYear()}`, adminCookie), 400).fields,
    ).toHaveProperty('year');
    expect(expectError(await call('GET', '/api/tax/export.csv?year=2013', adminCookie), 400).fields).toHaveProperty('year');
    expect(expectError(await call('GET', '/api/tax/export.csv?year=abc', adminCookie), 400).fields).toHaveProperty('year');
    expect((await call('GET', `/api/tax/export.csv?year=${year}`, a.cookie)).statusCode).toBe(403);
  });
});
