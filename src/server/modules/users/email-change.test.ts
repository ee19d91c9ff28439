import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_ALREADY_REGISTERED,
  EMAIL_CHANGE_ADMINS_ONLY,
  EMAIL_CHANGE_DONE,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_SENT,
  EMAIL_ONLY_AT_FIRST_SIGN_IN,
  EMAIL_PLACEHOLDER_REFUSED,
  EMAIL_UNCHANGED,
  PLACEHOLDER_ADMIN_EMAIL,
} from '../../../shared/email-address.ts';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, signIn, type TestContext, uniqueEmail } from '../../testing/harness.ts';
import { linkIn, type ReceivedMail, type Receiver, startReceiver } from '../../testing/smtp-receiver.ts';
import { OutboxWorker } from '../email/worker.ts';

/**
 * Issue 27 item 12: the first founder sets their real address at the first sign-in, and a
 * founder changes an administrator's address with a link to the new address (decision 028).
 * Mail goes through a real SMTP server on loopback.
 */
const PUBLIC = 'http://portal.test.example';

describe("administrators' e-mail addresses", () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let worker: OutboxWorker;
  let founder: { id: string; email: string; cookie: string };

  beforeAll(async () => {
    receiver = await startReceiver();
    ctx = await createTestContext({ SMTP_URL: receiver.url });
    worker = new OutboxWorker(ctx.db, ctx.config, { baseUrl: () => PUBLIC });
    const f = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Fiona Founder' });
    founder = { id: f.id, email: f.email, cookie: await signIn(ctx, f.email, f.password) };
  });
  afterAll(async () => {
    await ctx.close();
    await receiver.close();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const emailOf = async (id: string) =>
    (await sql<{ email: string }>('SELECT email FROM profiles WHERE id = $1').first(ctx.db, [id]))?.email;
  const mailTo = (address: string, subject: string) => (m: ReceivedMail) => m.to.includes(address) && m.subject === subject;

  describe('a founder changes an admin e-mail', () => {
    it('sends a link to the new address, changes nothing until it is opened, then tells the old address', async () => {
      const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Carl Cio' });
      const typed = `  Carl.NEW.${Date.now()}@Example.ORG `;
      const wanted = typed.trim().toLowerCase();
      const res = await post(`/api/users/${admin.id}/email`, { email: typed }, founder.cookie);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ message: EMAIL_CHANGE_SENT, pendingEmail: wanted });
      // Not yet: the old address still signs in, the new one does not.
      expect(await emailOf(admin.id)).toBe(admin.email);
      expect((await post('/api/auth/sign-in', { email: wanted, password: admin.password })).statusCode).toBe(401);

      await worker.runOnce();
      const confirm = await receiver.waitFor(mailTo(wanted, 'Confirm your new e-mail address for Meridian Capital Group'));
      expect(confirm.text).toContain('Fiona Founder');
      const link = linkIn(confirm, '/confirm-email#token=');
      expect(link.startsWith(`${PUBLIC}/confirm-email#token=`)).toBe(true);
      const token = decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
      // Only the hash is stored.
      expect((await ctx.db.query('SELECT 1 FROM email_change_tokens WHERE id = $1', [token])).length).toBe(0);

      const done = await post('/api/auth/confirm-email', { token });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ message: EMAIL_CHANGE_DONE, email: wanted });
      expect(await emailOf(admin.id)).toBe(wanted);
      expect((await post('/api/auth/sign-in', { email: wanted, password: admin.password })).statusCode).toBe(200);
      expect((await post('/api/auth/sign-in', { email: admin.email, password: admin.password })).statusCode).toBe(401);
      // The old address is told.
      await worker.runOnce();
      const told = await receiver.waitFor(mailTo(admin.email, 'The e-mail address of your Meridian Capital Group account was changed'));
      expect(told.text).toContain(wanted);
      // Single use.
      const again = await post('/api/auth/confirm-email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().fields).toEqual({ token: EMAIL_CHANGE_LINK_INVALID });
      const logged = await sql<{ activity_type: string; user_id: string }>(
        `SELECT activity_type, user_id FROM activity_logs WHERE target_user_id = $1 AND activity_type LIKE 'email_%' ORDER BY id`,
      ).all(ctx.db, [admin.id]);
      expect(logged).toEqual([
        { activity_type: 'email_change_requested', user_id: founder.id },
        { activity_type: 'email_changed', user_id: admin.id },
      ]);
    });

    it('ends every other session of the account at the confirmation, like a password change; the confirming one stays', async () => {
      const admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Lena Legal' });
      const laptop = await signIn(ctx, admin.email, admin.password);
      const phone = await signIn(ctx, admin.email, admin.password);
      const tablet = await signIn(ctx, admin.email, admin.password);
      const sessionOf = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      // The founder's own session is another account's: it is not touched.
      const founderBefore = (await sessionOf(founder.cookie)).statusCode;
      expect(founderBefore).toBe(200);
      const confirmWith = async (cookie?: string) => {
        const wanted = uniqueEmail('moved');
        expect((await post(`/api/users/${admin.id}/email`, { email: wanted }, founder.cookie)).statusCode).toBe(202);
        await worker.runOnce();
        const mail = await receiver.waitFor(mailTo(wanted, 'Confirm your new e-mail address for Meridian Capital Group'));
        const token = decodeURIComponent(new URL(linkIn(mail, '#token=')).hash.slice(7));
        const done = await post('/api/auth/confirm-email', { token }, cookie);
        expect(done.statusCode, done.body).toBe(200);
        return wanted;
      };
      // Confirmed in the laptop's browser: the laptop stays signed in, the phone and tablet are out.
      const wanted = await confirmWith(laptop);
      const mine = await sessionOf(laptop);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().user.email).toBe(wanted);
      expect((await sessionOf(phone)).statusCode).toBe(401);
      expect((await sessionOf(tablet)).statusCode).toBe(401);
      expect((await sessionOf(founder.cookie)).statusCode).toBe(200);
      // Confirmed from a browser with no session of the account (another device, or none): all end.
      const again = await signIn(ctx, wanted, admin.password);
      await confirmWith(founder.cookie);
      expect((await sessionOf(laptop)).statusCode).toBe(401);
      expect((await sessionOf(again)).statusCode).toBe(401);
      expect((await sessionOf(founder.cookie)).statusCode).toBe(200);
      const left = await sql<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1').first(ctx.db, [admin.id]);
      expect(left?.n).toBe(0);
      // Logged with the change.
      const logged = await sql<{ details: { otherSessionsEnded?: boolean } }>(
        `SELECT details FROM activity_logs WHERE target_user_id = $1 AND activity_type = 'email_changed' ORDER BY id`,
      ).all(ctx.db, [admin.id]);
      expect(logged.map((l) => l.details.otherSessionsEnded)).toEqual([true, true]);
    });

    it('is for founders only (403, logged), for admins only, and refuses a taken or unchanged address on the field', async () => {
      const cio = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
      const legal = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
      const investor = await createUser(ctx, { role: 'investor' });
      const cioCookie = await signIn(ctx, cio.email, cio.password);
      const refused = await post(`/api/users/${legal.id}/email`, { email: uniqueEmail('x') }, cioCookie);
      expect(refused.statusCode).toBe(403);
      expect(
        (await ctx.db.query("SELECT 1 FROM activity_logs WHERE activity_type = 'admin_action_refused' AND user_id = $1", [cio.id])).length,
      ).toBe(1);
      const cases: [string, object, number, Record<string, string>][] = [
        [investor.id, { email: uniqueEmail('inv') }, 400, { email: EMAIL_CHANGE_ADMINS_ONLY }],
        [legal.id, { email: cio.email.toUpperCase() }, 409, { email: EMAIL_ALREADY_REGISTERED }],
        [legal.id, { email: legal.email }, 400, { email: EMAIL_UNCHANGED }],
        [legal.id, { email: 'not-an-address' }, 400, { email: 'Enter a valid email address' }],
      ];
      for (const [id, body, status, fields] of cases) {
        const res = await post(`/api/users/${id}/email`, body, founder.cookie);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().fields).toEqual(fields);
      }
      expect(
        (await sql<{ n: number }>('SELECT count(*)::int AS n FROM email_change_tokens WHERE user_id = $1').first(ctx.db, [legal.id]))?.n,
      ).toBe(0);
    });

    it('an address taken between the request and the confirmation: 409, nothing changed; a new request replaces the old link', async () => {
      const admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
      const wanted = uniqueEmail('wanted');
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        expect((await post(`/api/users/${admin.id}/email`, { email: wanted }, founder.cookie)).statusCode).toBe(202);
        await worker.runOnce();
        const confirmations = () => receiver.messages.filter(mailTo(wanted, 'Confirm your new e-mail address for Meridian Capital Group'));
        await receiver.waitFor(() => confirmations().length > i);
        const last = confirmations().at(-1) as ReceivedMail;
        tokens.push(decodeURIComponent(new URL(linkIn(last, '#token=')).hash.slice(7)));
      }
      // The first link was replaced.
      expect((await post('/api/auth/confirm-email', { token: tokens[0] as string })).statusCode).toBe(400);
      await createUser(ctx, { email: wanted });
      const res = await post('/api/auth/confirm-email', { token: tokens[1] as string });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().fields).toEqual({ email: EMAIL_ALREADY_REGISTERED });
      expect(await emailOf(admin.id)).toBe(admin.email);
    });
  });

  describe('the first sign-in of the generated administrator', () => {
    it('sets the real address with the new password, and only there', async () => {
      const first = await createUser(ctx, {
        role: 'admin',
        adminUserType: 'founder',
        email: PLACEHOLDER_ADMIN_EMAIL,
        password: 'Generated-Pw-1234567',
        mustChangePassword: true,
      });
      const cookie = await signIn(ctx, first.email, first.password);
      const change = (body: object) =>
        post('/api/auth/change-password', { currentPassword: first.password, newPassword: 'My-Own-Founder-Pw-88', ...body }, cookie);
      // Without an address, or with the placeholder again: refused on the field, nothing written.
      for (const body of [{}, { email: 'Admin@Example.com' }]) {
        const res = await change(body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fields).toEqual({ email: EMAIL_PLACEHOLDER_REFUSED });
      }
      // Taken by another account: 409 on the field, and the password is not changed either.
      const taken = await change({ email: founder.email });
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json().fields).toEqual({ email: EMAIL_ALREADY_REGISTERED });
      expect((await post('/api/auth/sign-in', { email: PLACEHOLDER_ADMIN_EMAIL, password: first.password })).statusCode).toBe(200);

      const real = `Amina.Real.${Date.now()}@Firm.Example`;
      const ok = await change({ email: real });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await emailOf(first.id)).toBe(real.toLowerCase());
      const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.json().user).toMatchObject({ email: real.toLowerCase(), mustChangePassword: false });
      expect((await post('/api/auth/sign-in', { email: real, password: 'My-Own-Founder-Pw-88' })).statusCode).toBe(200);

      // Anyone else (here: the same founder, no longer at a first sign-in) cannot set an address this way.
      const later = await post(
        '/api/auth/change-password',
        { currentPassword: 'My-Own-Founder-Pw-88', newPassword: 'Another-Founder-Pw-99', email: uniqueEmail('sneaky') },
        cookie,
      );
      expect(later.statusCode).toBe(400);
      expect(later.json().fields).toEqual({ email: EMAIL_ONLY_AT_FIRST_SIGN_IN });
    });
  });
});
