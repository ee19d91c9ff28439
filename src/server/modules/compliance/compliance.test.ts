import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';

describe('compliance API', () => {
  let ctx: TestContext;
  let cookie: string;
  let adminId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Compliance Admin' });
    adminId = admin.id;
    cookie = await signIn(ctx, admin.email, admin.password);
  });
  beforeEach(async () => {
    await ctx.db.query('DELETE FROM compliance_items');
    await ctx.db.query('DELETE FROM spvs');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, c = cookie) =>
    ctx.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('derives statuses at the boundaries and scores completed items only', async () => {
    for (const [title, due] of [
      ['today', day(0)],
      ['in 6 days', day(6)],
      ['in 7 days', day(7)],
      ['in 8 days', day(8)],
      ['yesterday', day(-1)],
    ] as const) {
      expect((await call('POST', '/api/compliance', { type: 'other', title, dueDate: due })).statusCode).toBe(201);
    }
    const late = await call('POST', '/api/compliance', { type: 'other', title: 'completed late', dueDate: day(-5) });
    await call('POST', `/api/compliance/${late.json().item.id}/complete`);
    const res = await call('GET', '/api/compliance');
    const byTitle = Object.fromEntries(res.json().items.map((i: { title: string; status: string }) => [i.title, i.status]));
    expect(byTitle).toEqual({
      today: 'due_soon',
      'in 6 days': 'due_soon',
      'in 7 days': 'in_progress',
      'in 8 days': 'in_progress',
      yesterday: 'overdue',
      'completed late': 'completed',
    });
    expect(res.json().counts).toEqual({ overdue: 1, due_soon: 2, in_progress: 2, completed: 1 });
    expect(res.json().score).toBe(17);
  });

  it('starts and completes items; a recurring item creates its next occurrence', async () => {
    const created = await call('POST', '/api/compliance', {
      type: 'dfsa_filing',
      title: 'Quarterly return',
      dueDate: '2026-12-31',
      recurrence: 'quarterly',
      assignedTo: adminId,
      priority: 'high',
    });
    const id = created.json().item.id;
    expect(created.json().item).toMatchObject({ workflowState: 'not_started', assignedToName: 'Compliance Admin', priority: 'high' });
    expect((await call('POST', `/api/compliance/${id}/start`)).json().item.workflowState).toBe('in_progress');
    expect((await call('POST', `/api/compliance/${id}/start`)).statusCode).toBe(409);
    const done = await call('POST', `/api/compliance/${id}/complete`);
    expect(done.json().item.status).toBe('completed');
    expect(done.json().next).toMatchObject({
      dueDate: '2027-03-31',
      workflowState: 'not_started',
      assignedTo: adminId,
      recurrence: 'quarterly',
    });
    expect((await call('POST', `/api/compliance/${id}/complete`)).statusCode).toBe(409);
  });

  it('validates input and assignment to administrators only', async () => {
    const bad = await call('POST', '/api/compliance', { type: 'nope', title: '', dueDate: '2026-13-45' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['dueDate', 'title', 'type']);
    const investor = await createUser(ctx, { role: 'investor' });
    const assign = await call('POST', '/api/compliance', { type: 'other', title: 'x', dueDate: day(3), assignedTo: investor.id });
    expect(assign.statusCode).toBe(400);
    const invCookie = await signIn(ctx, investor.email, investor.password);
    expect((await call('GET', '/api/compliance', undefined, invCookie)).statusCode).toBe(403);
  });

  it('shows SPV returns and vault expiries due within 30 days beside the items, not scored; filing moves the SPV a year ahead', async () => {
    const spv = await call('POST', '/api/spvs', {
      name: 'Due SPV',
      jurisdiction: 'Mauritius',
      annualReturnDue: day(10),
      bankBalance: '100',
    });
    await call('POST', '/api/spvs', { name: 'Far SPV', jurisdiction: 'Mauritius', annualReturnDue: day(90), bankBalance: '100' });
    const res = await call('GET', '/api/compliance');
    expect(res.json().external.map((e: { title: string }) => e.title)).toEqual(['Annual return: Due SPV']);
    expect(res.json().score).toBe(100);
    const filed = await call('POST', `/api/spvs/${spv.json().spv.id}/file-return`);
    const next = new Date(`${day(10)}T00:00:00Z`);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect(filed.json().annualReturnDue).toBe(next.toISOString().slice(0, 10));
    expect((await call('GET', '/api/compliance')).json().external).toEqual([]);
  });

  it('the dashboard tile counts a DFSA filing created due today', async () => {
    await call('POST', '/api/compliance', { type: 'dfsa_filing', title: 'Due today', dueDate: day(0) });
    const dash = await call('GET', '/api/dashboard');
    expect(dash.json().tiles.find((t: { key: string }) => t.key === 'dfsaFilingsDueToday').value).toBe('1');
  });
});
