import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '../../../shared/api/contract.ts';
import type { Spv } from '../../../shared/spvs.ts';
import { sql } from '../../db/sql.ts';
import { type ApiCall, type ApiErrorBody, callApi, errorBody } from '../../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

function expectError(res: LightMyRequestResponse, status: number, message?: string): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
  return body;
}

const UNKNOWN_ID = '0d7e2f5c-3b1a-4f6e-8c9d-2a1b3c4d5e6f';

describe('SPVs API', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let investorCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
    const investor = await createUser(ctx, { role: 'investor', investorUserType: 'family_office' });
    investorCookie = await signIn(ctx, investor.email, investor.password);
  });
  afterAll(() => ctx.close());

  const call = (method: InjectOptions['method'], url: string, payload?: unknown, cookie: string | null = adminCookie) =>
    ctx.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      headers: cookie ? { cookie } : {},
    });
  /** The typed client, as the founder unless told otherwise. */
  const api = <K extends RouteKey>(key: K, call: ApiCall<K> = {}) => callApi(ctx.app, key, { cookie: adminCookie, ...call });
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'Meridian SPV I Ltd',
    jurisdiction: 'Mauritius',
    annualReturnDue: '2025-09-30',
    bankBalance: '125000.50',
    advisoryFeeFlow: 'Dubai advisory, 2% p.a.',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}): Promise<Spv> => {
    const { status, json, res } = await api('POST /api/spvs', { body: valid(over) });
    expect(status, res.body).toBe(201);
    return json.spv;
  };
  const row = async (id: string) =>
    await sql<Record<string, unknown>>(`SELECT *, bank_balance::text AS bank FROM spvs WHERE id = $1`).first(ctx.db, [id]);
  const count = async () => Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM spvs').first(ctx.db))?.n);

  describe('access', () => {
    let spvId: string;
    beforeAll(async () => {
      spvId = (await create({ name: 'Access SPV' })).id;
    });
    const routes = (): [InjectOptions['method'], string, unknown][] => [
      ['GET', '/api/spvs', undefined],
      ['POST', '/api/spvs', valid({ name: 'Intruder SPV' })],
      ['PATCH', `/api/spvs/${spvId}`, { name: 'Intruder SPV' }],
    ];
    it('answers 401 to anonymous callers and 403 to investors, changing nothing', async () => {
      for (const [method, url, body] of routes()) expectError(await call(method, url, body, null), 401);
      for (const [method, url, body] of routes()) expectError(await call(method, url, body, investorCookie), 403);
      expect((await row(spvId))?.name).toBe('Access SPV');
      expect((await ctx.db.query(`SELECT 1 FROM spvs WHERE name = 'Intruder SPV'`)).length).toBe(0);
    });
  });

  it('creates an SPV (status Active by default) and lists SPVs by name', async () => {
    const spv = await create({ name: 'Zeta Holdings' });
    expect(spv).toMatchObject({
      name: 'Zeta Holdings',
      jurisdiction: 'Mauritius',
      annualReturnDue: '2025-09-30',
      bankBalance: '125000.50',
      advisoryFeeFlow: 'Dubai advisory, 2% p.a.',
      status: 'Active',
    });
    expect(spv.id).toMatch(/^[0-9a-f-]{36}$/);
    const r = await row(spv.id);
    expect(r?.bank).toBe('125000.50');
    expect(r?.status).toBe('Active');

    await create({ name: 'alpha Capital', status: 'Dormant', advisoryFeeFlow: '' });
    const res = await api('GET /api/spvs');
    expect(res.status).toBe(200);
    const spvs = res.json.spvs;
    const names = spvs.map((s) => s.name);
    expect(names.indexOf('alpha Capital')).toBeLessThan(names.indexOf('Zeta Holdings'));
    const alpha = spvs.find((s) => s.name === 'alpha Capital');
    expect(alpha).toMatchObject({ status: 'Dormant', advisoryFeeFlow: null });
  });

  it('validates name, jurisdiction, date and bank balance with messages', async () => {
    const n = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: undefined }, 'name', 'Name is required'],
      [{ jurisdiction: '' }, 'jurisdiction', 'Jurisdiction is required'],
      [{ jurisdiction: undefined }, 'jurisdiction', 'Jurisdiction is required'],
      [{ annualReturnDue: undefined }, 'annualReturnDue', 'Annual return due date is required'],
      [{ annualReturnDue: '30/09/2025' }, 'annualReturnDue', 'Enter a date as YYYY-MM-DD'],
      [{ annualReturnDue: '2025-9-30' }, 'annualReturnDue', 'Enter a date as YYYY-MM-DD'],
      [{ annualReturnDue: '2025-13-01' }, 'annualReturnDue', 'Enter a valid date'],
      [{ annualReturnDue: '2025-02-30' }, 'annualReturnDue', 'Enter a valid date'],
      [{ annualReturnDue: '2025-04-31' }, 'annualReturnDue', 'Enter a valid date'],
      [{ annualReturnDue: '0000-01-01' }, 'annualReturnDue', 'Enter a valid date'],
      [{ bankBalance: '-5' }, 'bankBalance', 'Bank balance must be a non-negative amount with at most 2 decimals'],
      [{ bankBalance: '1.005' }, 'bankBalance', 'Bank balance must be a non-negative amount with at most 2 decimals'],
      [{ bankBalance: 'lots' }, 'bankBalance', 'Bank balance must be a non-negative amount with at most 2 decimals'],
      [{ bankBalance: '1e6' }, 'bankBalance', 'Bank balance must be a non-negative amount with at most 2 decimals'],
      [{ status: 'Closed' }, 'status', 'Choose a valid status'],
    ];
    for (const [over, field, message] of cases) {
      const body = expectError(await call('POST', '/api/spvs', valid({ name: `Invalid ${field}`, ...over })), 400, message);
      expect(body.fields, JSON.stringify(over)).toHaveProperty(field, message);
    }
    // A missing bank balance is refused as well.
    const { bankBalance: _omit, ...noBalance } = valid({ name: 'No balance' });
    expect(expectError(await call('POST', '/api/spvs', noBalance), 400).fields).toHaveProperty('bankBalance');
    // Text the database cannot hold is a 400, not a 500.
    expectError(await call('POST', '/api/spvs', valid({ name: 'Nul\u0000SPV' })), 400);
    expectError(await call('POST', '/api/spvs', valid({ name: 'Nul fee', advisoryFeeFlow: '2%\u0000' })), 400);
    expect(await count()).toBe(n);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/spvs',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectError(res, 400, 'The request body is not valid JSON');
  });

  it('refuses a duplicate name (ignoring case) with 409, on create and on rename', async () => {
    const first = await create({ name: 'Duplicate Holdings' });
    const n = await count();
    const dup = expectError(
      await call('POST', '/api/spvs', valid({ name: 'Duplicate Holdings' })),
      409,
      'An SPV with this name already exists',
    );
    expect(dup.code).toBe('DUPLICATE_SPV');
    expectError(await call('POST', '/api/spvs', valid({ name: '  duplicate HOLDINGS ' })), 409, 'An SPV with this name already exists');
    expect(await count()).toBe(n);

    const other = await create({ name: 'Other Holdings' });
    expectError(await call('PATCH', `/api/spvs/${other.id}`, { name: 'DUPLICATE holdings' }), 409, 'An SPV with this name already exists');
    expect((await row(other.id))?.name).toBe('Other Holdings');
    // Renaming an SPV to its own name (even re-cased) is fine.
    const self = await call('PATCH', `/api/spvs/${first.id}`, { name: 'Duplicate holdings' });
    expect(self.statusCode, self.body).toBe(200);
  });

  it('updates only the given fields; a PATCH without status does not reset the status', async () => {
    const spv = await create({ name: 'Patchable', status: 'Dormant', bankBalance: '10.00' });
    const params = { id: spv.id };
    const res = await api('PATCH /api/spvs/:id', { params, body: { bankBalance: '2500000.25', annualReturnDue: '2026-01-31' } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.json.spv).toMatchObject({
      name: 'Patchable',
      jurisdiction: 'Mauritius',
      status: 'Dormant',
      bankBalance: '2500000.25',
      annualReturnDue: '2026-01-31',
      advisoryFeeFlow: 'Dubai advisory, 2% p.a.',
    });
    expect((await row(spv.id))?.status).toBe('Dormant');

    const dissolved = await api('PATCH /api/spvs/:id', { params, body: { status: 'Dissolved', advisoryFeeFlow: '' } });
    expect(dissolved.json.spv).toMatchObject({ status: 'Dissolved', advisoryFeeFlow: null, bankBalance: '2500000.25' });

    const empty = await api('PATCH /api/spvs/:id', { params, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.json.spv.status).toBe('Dissolved');
  });

  it('validates PATCH bodies and answers 404 for unknown ids, 400 for malformed ones', async () => {
    const spv = await create({ name: 'Validated patch' });
    expectError(await call('PATCH', `/api/spvs/${spv.id}`, { name: '' }), 400, 'Name is required');
    expectError(await call('PATCH', `/api/spvs/${spv.id}`, { status: 'Gone' }), 400, 'Choose a valid status');
    expectError(await call('PATCH', `/api/spvs/${spv.id}`, { annualReturnDue: '2025-02-29' }), 400, 'Enter a valid date');
    expectError(await call('PATCH', `/api/spvs/${spv.id}`, { bankBalance: '-1' }), 400);
    expect(await row(spv.id)).toMatchObject({ name: 'Validated patch', status: 'Active', bank: '125000.50' });
    expectError(await call('PATCH', `/api/spvs/${UNKNOWN_ID}`, { name: 'X' }), 404, 'SPV not found');
    for (const id of ['nope', '123']) expectError(await call('PATCH', `/api/spvs/${id}`, { name: 'X' }), 400, 'Invalid id');
  });

  it('stores payment instructions: IBAN and SWIFT checked with field messages, all or nothing, parallel edits', async () => {
    const pay = {
      bankName: 'Mauritius Commercial Bank',
      accountName: 'Pay SPV Ltd - Capital Account',
      accountNumber: 'mu17 bomm 0101 1010 3030 0200 000m ur',
      swiftCode: 'mcblmumu',
      paymentReference: 'Investor name and call date',
    };
    const spv = await create({ name: 'Pay SPV Ltd', ...pay });
    // Stored compact and upper-case; returned with the SPV.
    expect(spv).toMatchObject({ ...pay, accountNumber: 'MU17BOMM0101101030300200000MUR', swiftCode: 'MCBLMUMU' });
    expect(await row(spv.id)).toMatchObject({ account_number: 'MU17BOMM0101101030300200000MUR', swift_code: 'MCBLMUMU' });

    const fieldsOf = (res: LightMyRequestResponse) => expectError(res, 400).fields ?? {};
    // Bad check digits, a wrong length for the country, not an IBAN nor digits, a bad SWIFT code.
    expect(
      fieldsOf(await call('POST', '/api/spvs', valid({ name: 'Bad 1', ...pay, accountNumber: 'MU18BOMM0101101030300200000MUR' }))),
    ).toEqual({ accountNumber: "This IBAN's check digits do not match: look for a typing error" });
    expect(fieldsOf(await call('POST', '/api/spvs', valid({ name: 'Bad 2', ...pay, accountNumber: 'GB82WEST123456987654' })))).toEqual({
      accountNumber: 'A GB IBAN has 22 characters; this one has 20',
    });
    expect(fieldsOf(await call('POST', '/api/spvs', valid({ name: 'Bad 3', ...pay, accountNumber: '12-AB-99' }))).accountNumber).toBe(
      'Enter an IBAN, or an account number of 4 to 34 digits',
    );
    expect(fieldsOf(await call('POST', '/api/spvs', valid({ name: 'Bad 4', ...pay, swiftCode: 'MCB-MU' }))).swiftCode).toMatch(
      /^A SWIFT\/BIC code has 8 or 11 characters/,
    );
    // All or nothing: a bank without an account is refused, field by field.
    expect(fieldsOf(await call('POST', '/api/spvs', valid({ name: 'Bad 5', bankName: 'MCB' })))).toEqual({
      accountName: 'Account holder is required in payment instructions',
      accountNumber: 'Account number or IBAN is required in payment instructions',
      swiftCode: 'SWIFT/BIC code is required in payment instructions',
    });
    expect(await ctx.db.query("SELECT 1 FROM spvs WHERE name LIKE 'Bad %'")).toEqual([]);

    // PATCH: one field at a time against the stored record; clearing one field alone is refused.
    const patched = await api('PATCH /api/spvs/:id', {
      params: { id: spv.id },
      body: { accountNumber: '0001234567', swiftCode: 'MCBLMUMUXXX' },
    });
    expect(patched.status, patched.res.body).toBe(200);
    expect(patched.json.spv).toMatchObject({ accountNumber: '0001234567', swiftCode: 'MCBLMUMUXXX' });
    expect(fieldsOf(await call('PATCH', `/api/spvs/${spv.id}`, { accountName: '' }))).toEqual({
      accountName: 'Account holder is required in payment instructions',
    });
    expect(fieldsOf(await call('PATCH', `/api/spvs/${spv.id}`, { swiftCode: 'NOPE' })).swiftCode).toMatch(/SWIFT\/BIC/);
    expect(await row(spv.id)).toMatchObject({ account_name: pay.accountName, swift_code: 'MCBLMUMUXXX' });
    // Clearing them all removes the instructions.
    const cleared = await api('PATCH /api/spvs/:id', {
      params: { id: spv.id },
      body: { bankName: '', accountName: '', accountNumber: '', swiftCode: '', paymentReference: '' },
    });
    expect(cleared.status, cleared.res.body).toBe(200);
    expect(cleared.json.spv).toMatchObject({ bankName: null, accountName: null, accountNumber: null, swiftCode: null });

    // Parallel partial edits cannot together leave the instructions incomplete.
    await call('PATCH', `/api/spvs/${spv.id}`, pay);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(
          'PATCH',
          `/api/spvs/${spv.id}`,
          i % 2 ? { bankName: '', accountName: '', accountNumber: '', swiftCode: '', paymentReference: '' } : { accountName: `Name ${i}` },
        ),
      ),
    );
    for (const r of results) expect([200, 400]).toContain(r.statusCode);
    const final = (await row(spv.id)) as Record<string, string | null>;
    const set = ['bank_name', 'account_name', 'account_number', 'swift_code'].filter((c) => final[c] !== null);
    expect(set.length === 0 || set.length === 4, JSON.stringify(final)).toBe(true);
  });

  it('accepts a leap day', async () => {
    expect((await create({ name: 'Leap SPV', annualReturnDue: '2028-02-29' })).annualReturnDue).toBe('2028-02-29');
  });
});
