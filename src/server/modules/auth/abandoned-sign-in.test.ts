import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHashesStarted, holdCheckSlot } from '../../auth/password.ts';
import { sql } from '../../db/sql.ts';
import { createTestContext, createUser, type TestContext } from '../../testing/harness.ts';

/** Polls until check() holds (real sockets: the server sees a closed connection a moment later). */
async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a sign-in whose client leaves while it waits for the password check', () => {
  let ctx: TestContext;
  let url: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const attempts = (email: string) =>
    sql<{ outcome: string }>("SELECT outcome FROM auth_attempts WHERE kind = 'sign_in' AND account = $1").all(ctx.db, [
      email.toLowerCase(),
    ]);

  it('is dropped from the queue: no hash is spent on it and its attempt is not counted', async () => {
    const user = await createUser(ctx);
    let release = () => {};
    const held = holdCheckSlot(() => new Promise<void>((r) => (release = r)));
    const before = checkHashesStarted();
    const leave = new AbortController();
    const abandoned = fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: user.email, password: user.password }),
      signal: leave.signal,
    }).catch((err: unknown) => err);
    // The request has reserved its attempt and waits for the busy gate: the client goes away.
    await until(async () => (await attempts(user.email)).some((a) => a.outcome === 'pending'), 'the reserved attempt');
    leave.abort();
    expect(await abandoned).toBeInstanceOf(Error);
    await until(async () => (await attempts(user.email)).length === 0, 'the attempt to be released');
    release();
    await held;

    const res = await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    // Since the slot was held, only the second sign-in hashed: the abandoned one never did.
    expect(checkHashesStarted() - before).toBe(1);
    expect((await attempts(user.email)).map((a) => a.outcome)).toEqual(['ok']);
  });
});
