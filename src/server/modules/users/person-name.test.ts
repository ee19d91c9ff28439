import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_CONTROL_MESSAGE } from '../../../shared/person-name.ts';
import { createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../../testing/harness.ts';

/**
 * Issue 27 item 5, found again at its audit: a sign-up name with a right-to-left override (U+202E),
 * line breaks and an escape was stored as sent, and every admin screen that showed it (the KYC
 * dialog's title, the user list) displayed the rest of the name reversed. Names are refused with a
 * field message when they hold a control or a bidi embedding/override/isolate, wherever a name is
 * stored: sign-up, an admin creating a user, an admin renaming one. Arabic names (with or without
 * the RLM mark) and ordinary punctuation still pass.
 */
describe('person names hold no control or text-direction characters', () => {
  let ctx: TestContext;
  let founder: string;
  beforeAll(async () => {
    ctx = await createTestContext({ SIGNUP_MAX_PER_CLIENT: '1000' });
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder' });
    founder = await signIn(ctx, f.email, f.password);
  });
  afterAll(() => ctx.close());

  // Each hostile name: the override of the attack, CR/LF (a header's line break), ESC (a terminal
  // sequence), a NEL (C1), the isolates and an embedding.
  const HOSTILE = [
    'Eve \u202egnp.exe',
    'Eve\r\nBcc: x@evil.example',
    'Eve \u001b[31mred',
    'Eve\u0085Next',
    'Eve \u2067ltr\u2069',
    'Eve \u202bembedded\u202c',
    'Eve\tTab',
  ];
  const fine = ['عائشة المنصوري', '\u200fعائشة\u200f Smith', "Zoë O'Brien-Ngũgĩ", 'Иван Петров'];

  const profileCount = async () => Number(((await ctx.db.query('SELECT count(*) AS n FROM profiles')) as { n: string }[])[0]?.n);
  const signUp = (name: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: uniqueEmail('name'), password: 'A-long-enough-Pw-91', name },
    });

  it('sign-up refuses each hostile name with 400 and the field message, and creates no account', async () => {
    for (const name of HOSTILE) {
      const before = await profileCount();
      const res = await signUp(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().fields.name).toBe(NAME_CONTROL_MESSAGE);
      const after = await profileCount();
      expect(after).toBe(before);
    }
    for (const name of fine) expect((await signUp(name)).statusCode, name).toBe(201);
  });

  it('an admin can neither create nor rename a user to a hostile name', async () => {
    for (const name of HOSTILE) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: founder },
        payload: { name, email: uniqueEmail('made'), password: 'A-long-enough-Pw-91', role: 'investor' },
      });
      expect(created.statusCode, JSON.stringify(name)).toBe(400);
      expect(created.json().fields.name).toBe(NAME_CONTROL_MESSAGE);
    }
    const target = await createUser(ctx, { name: 'Plain Name' });
    for (const name of HOSTILE) {
      const renamed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${target.id}`,
        headers: { cookie: founder },
        payload: { name },
      });
      expect(renamed.statusCode, JSON.stringify(name)).toBe(400);
      expect(renamed.json().fields.name).toBe(NAME_CONTROL_MESSAGE);
    }
    const rows = (await ctx.db.query('SELECT name FROM profiles WHERE id = $1', [target.id])) as { name: string }[];
    expect(rows[0]?.name).toBe('Plain Name');
    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      headers: { cookie: founder },
      payload: { name: fine[0] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
