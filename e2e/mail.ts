import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E } from './fixtures';

/** What the e2e SMTP receiver (scripts/e2e-smtp-receiver.ts) has received. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

export async function mailbox(request: APIRequestContext): Promise<Mail[]> {
  const res = await request.get(`${E2E.mailApiURL}/messages`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Mail[];
}

/** Waits for an e-mail to `to` matching `pred`, and returns it. */
export async function waitForMail(request: APIRequestContext, to: string, pred: (m: Mail) => boolean = () => true): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(request)).find((m) => m.to.includes(to.toLowerCase()) && pred(m));
        return Boolean(found);
      },
      { timeout: 20_000, message: `an e-mail to ${to}` },
    )
    .toBe(true);
  return found as Mail;
}

/** The first link in the e-mail's text containing `fragment`. */
export function linkIn(mail: Mail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(fragment));
  expect(link, `a link with ${fragment} in:\n${mail.text}`).toBeTruthy();
  return link as string;
}

/** Creates an active investor through the admin API (signed in as admin in a separate request context). */
export async function createActiveInvestor(page: Page, baseURL: string, name: string, email: string, password: string) {
  const ctx = page.context().request;
  const admin = await ctx.post(`${baseURL}/api/auth/sign-in`, { data: { email: E2E.adminEmail, password: E2E.adminPassword } });
  expect(admin.ok()).toBe(true);
  const created = await ctx.post(`${baseURL}/api/users`, { data: { name, email, password, role: 'investor' } });
  expect(created.ok(), await created.text()).toBe(true);
  await ctx.post(`${baseURL}/api/auth/sign-out`);
  await page.context().clearCookies();
}
