import { z } from 'zod';

/**
 * The one canonical form of an e-mail address (decision record 028, issue 27 item 2). Every entry
 * point (sign-up, sign-in, the sign-in limits, recovery, admin-created users, e-mail changes, the
 * bootstrap administrator and the demo seed) goes through `foldEmail`/`canonicalEmail`, and the
 * database refuses a stored address that is not canonical (migration 040):
 *
 * 1. surrounding white space removed;
 * 2. Unicode NFKC (compatibility characters become their plain letters: the long s 'ſ' is 's',
 *    the Kelvin sign 'K' is 'K', full-width letters are ASCII);
 * 3. ASCII letters A-Z lower-cased, and nothing else: no locale or Unicode case rules, so the
 *    server (JavaScript) and the database never fold differently (PostgreSQL's lower() folds
 *    'İ' to 'i' under some locales; JavaScript folds it to 'i̇').
 *
 * A canonical address is printable ASCII only: what is left non-ASCII after NFKC (İ, ı, Cyrillic
 * look-alikes, ...) is refused when an address is stored, and never matches an account when one
 * is looked up, so no spelling reaches an account except its own.
 */
export function foldEmail(raw: string): string {
  return raw
    .trim()
    .normalize('NFKC')
    .trim()
    .replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

export const EMAIL_NOT_ASCII = 'Enter the address in plain Latin letters (addresses with other characters are not supported)';
export const EMAIL_INVALID = 'Enter a valid email address';
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_TOO_LONG = 'Email is too long';

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** The canonical form, or null when the address cannot be stored (not ASCII after NFKC, or not an address). */
export function canonicalEmail(raw: string): string | null {
  const v = foldEmail(raw);
  if (!PRINTABLE_ASCII.test(v) || v.length > 254) return null;
  return z.email().safeParse(v).success ? v : null;
}

/**
 * The schema of an address that will be stored or compared with stored ones: answers the
 * canonical form, with a field message for each way it can be wrong.
 */
export const emailAddressField = z
  .string({ error: EMAIL_REQUIRED })
  .transform(foldEmail)
  .pipe(
    z
      .string()
      .min(1, EMAIL_REQUIRED)
      .max(254, EMAIL_TOO_LONG)
      .refine((v) => PRINTABLE_ASCII.test(v), { error: EMAIL_NOT_ASCII, abort: true })
      .pipe(z.email({ error: EMAIL_INVALID })),
  );

/** A typed sign-in address: folded the same way, never refused (an unknown spelling simply matches no account). */
export const signInEmailField = z
  .string({ error: EMAIL_REQUIRED })
  .transform(foldEmail)
  .pipe(z.string().min(1, EMAIL_REQUIRED).max(254, EMAIL_TOO_LONG));

/**
 * The address of the administrator a new install creates without ADMIN_EMAIL. Its first sign-in
 * (the forced password change) also sets the real address (issue 27 item 12).
 */
export const PLACEHOLDER_ADMIN_EMAIL = 'admin@example.com';

/** Whether this user's forced password change also asks for their real address. */
export const asksForRealEmail = (user: { email: string; mustChangePassword: boolean }) =>
  user.mustChangePassword && user.email === PLACEHOLDER_ADMIN_EMAIL;

export const EMAIL_ALREADY_REGISTERED = 'Email already registered';
export const EMAIL_UNCHANGED = 'This is already the address of the account';
export const EMAIL_ONLY_AT_FIRST_SIGN_IN = 'The e-mail address can only be set here at the first sign-in';
export const EMAIL_PLACEHOLDER_REFUSED = 'Enter your own e-mail address';
export const EMAIL_CHANGE_ADMINS_ONLY = "Only administrators' e-mail addresses can be changed here";
export const EMAIL_CHANGE_LINK_INVALID = 'This link is invalid or has expired. Ask a founder for a new one.';
export const EMAIL_CHANGE_SENT = 'A confirmation link was sent to the new address. The address changes when the link is opened.';
export const EMAIL_CHANGE_DONE = 'Your e-mail address has been changed. Sign in with the new address.';
/** A change link is valid this long, once. */
export const EMAIL_CHANGE_HOURS = 24;

/** Body of POST /api/users/:id/email: the new address of an administrator. */
export const emailChangeInput = z.object({ email: emailAddressField });

/** Body of POST /api/auth/confirm-email. */
export const confirmEmailInput = z.object({
  token: z.string({ error: EMAIL_CHANGE_LINK_INVALID }).min(1, EMAIL_CHANGE_LINK_INVALID).max(200, EMAIL_CHANGE_LINK_INVALID),
});

/** Answer of POST /api/users/:id/email. */
export interface EmailChangeRequested {
  message: string;
  pendingEmail: string;
}
