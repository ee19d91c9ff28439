import { type Access, ROUTES } from '../../shared/api/contract.ts';

/**
 * What the security suites check, in one place: the tests import it, and docs/security.md is
 * generated from it (and from the server's route table) by security-doc.test.ts, which fails
 * when the document is out of date. So the report cannot drift from the tests.
 */

/**
 * Every API route and who may call it: the route table's word (src/shared/api/contract.ts,
 * decision 033), which the server's registration also applies, so the two cannot disagree.
 * access-matrix.test.ts calls each route as each kind of caller and checks the answer against it.
 */
export const EXPECTED_ACCESS: Record<string, Access> = Object.fromEntries(ROUTES.map(([key, entry]) => [key, entry.access]));

export type Caller = 'anonymous' | 'pending' | 'suspended' | 'investorA' | 'investorB' | 'founder' | 'cio' | 'legal' | 'nairobi_lead';
export const CALLERS: Caller[] = ['anonymous', 'pending', 'suspended', 'investorA', 'investorB', 'founder', 'cio', 'legal', 'nairobi_lead'];
export const roleOf = (c: Caller) =>
  c.startsWith('investor') ? 'investor' : ['anonymous', 'pending', 'suspended'].includes(c) ? null : 'admin';

/** Admin routes only a founder may use, whatever the target (access 'founder' in the route table; the other user routes check the target). */
export const FOUNDER_ONLY_ROUTES = new Set(ROUTES.filter(([, entry]) => entry.access === 'founder').map(([key]) => key));

/** What a caller must get: 'deny401', 'deny403', or 'allow' (any answer but 401/403/5xx). */
export function expectedOutcome(access: Access, caller: Caller): 'deny401' | 'deny403' | 'allow' {
  if (access === 'public') return 'allow';
  const role = roleOf(caller);
  if (!role) return 'deny401';
  if (access === 'founder') return caller === 'founder' ? 'allow' : 'deny403';
  if (access === 'user' || access === role) return 'allow';
  return 'deny403';
}

/**
 * Admin powers follow the user types (access-matrix.test.ts): what each admin type gets when it
 * acts on another admin ('other') or on itself ('self'). Refusals are 403 and logged.
 */
export const ADMIN_TYPE_ACTIONS = [
  'create an admin',
  "change another admin's type",
  'suspend another admin',
  "reset another admin's password",
  "reset another user's two-factor",
  "change another admin's e-mail",
  'delete another admin',
  'raise their own type to founder',
] as const;
export function adminTypeOutcome(
  actor: 'founder' | 'cio' | 'legal' | 'nairobi_lead',
  action: (typeof ADMIN_TYPE_ACTIONS)[number],
): 'allow' | 'deny403' {
  if (action === 'raise their own type to founder') return 'deny403';
  return actor === 'founder' ? 'allow' : 'deny403';
}

/**
 * Investor A calling each id-taking route with investor B's (or the desk's) objects: an admin
 * route refuses A (403); an investor's or any user's own route finds nothing of B's (404).
 */
export const OBJECT_LEVEL: Record<string, 403 | 404> = Object.fromEntries(
  Object.entries(EXPECTED_ACCESS)
    .filter(([route]) => route.includes('/:id'))
    .map(([route, access]) => [route, access === 'investor' || access === 'user' ? 404 : 403]),
);

/** Fields no request body may set; every body route gets them on top of a valid body. */
export const MASS_ASSIGNMENT_FIELDS = [
  'id',
  'role',
  'status',
  'user_id',
  'userId',
  'created_by',
  'createdBy',
  'uploaded_by',
  'uploadedBy',
  'investor_id',
  'investorId',
  'sender_id',
  'senderId',
  'reviewed_by',
  'reviewedBy',
  'assigned_to',
  'admin_user_type',
  'adminUserType',
  'committed_amount',
  'committedAmount',
  'file_path',
  'filePath',
  'sha256',
  'email',
  'must_change_password',
  'mustChangePassword',
  'kyc_status',
  'created_at',
  'createdAt',
];

/** Random-input runs per route in hostile-input.test.ts. */
export const HOSTILE_RUNS_PER_ROUTE = 12;
/** Boundary strings mixed into the random bodies, query strings and ids. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  // An unpaired UTF-16 surrogate: valid JSON ("\ud800"), no Unicode text (issue 27).
  '\ud800',
  'a\udc00b',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '2025-02-30',
  '0000-00-00',
];

/** SQL injection and markup probes stored in every free-text field (probes.test.ts, e2e/security.spec.ts). */
export const PROBES = [
  `<img src=x onerror="window.__xss=1">'; DROP TABLE deals; --`,
  `" OR '1'='1' -- <script>window.__xss=1</script>`,
  `Robert'); DELETE FROM profiles WHERE ('1'='1 \\ %_ $1`,
];

/**
 * Claims the report makes, each backed by a named test: security-doc.test.ts checks that the
 * file exists and contains the test's title, so a renamed or deleted test breaks the report.
 */
export interface Evidence {
  area: string;
  claim: string;
  file: string;
  test: string;
}

export const EVIDENCE: Evidence[] = [
  // Upload corpus
  {
    area: 'Uploads',
    claim: 'Traversal, NUL and control-character file names are refused; nothing is stored',
    file: 'src/server/modules/documents/documents.test.ts',
    test: "'../', backslashes and NUL in the file name",
  },
  {
    area: 'Uploads',
    claim: 'A double extension (report.pdf.exe) and extensions outside the list are refused',
    file: 'src/server/modules/documents/documents.test.ts',
    test: 'extensions outside the list (.exe, .html, .svg, none)',
  },
  {
    area: 'Uploads',
    claim: 'A renamed executable (content does not match the extension) is refused',
    file: 'src/server/modules/documents/documents.test.ts',
    test: 'renamed executables and content that does not match the extension',
  },
  {
    area: 'Uploads',
    claim: 'A database failure at commit, after the file was moved into place, leaves no file',
    file: 'src/server/modules/documents/documents.test.ts',
    test: 'a database failure at commit, after the file was moved into place, leaves no file',
  },
  { area: 'Uploads', claim: 'A zero-byte file is refused', file: 'src/server/modules/documents/documents.test.ts', test: 'an empty file' },
  {
    area: 'Uploads',
    claim: 'An oversized file gets 413 before the body is read (declared length) or while streaming',
    file: 'src/server/modules/documents/documents.test.ts',
    test: 'an oversized file -> 413, refused from the declared length before reading',
  },
  {
    area: 'Uploads',
    claim: 'A non-ASCII file name round-trips through download (RFC 6266)',
    file: 'src/server/modules/documents/documents.test.ts',
    test: 'encodes a non-ASCII name exactly (ASCII fallback plus filename*=UTF-8)',
  },
  {
    area: 'Uploads',
    claim: 'A form with too many fields is refused at once instead of hanging',
    file: 'src/server/security/hostile-input.test.ts',
    test: 'refuses a form with too many fields',
  },
  // Headers
  {
    area: 'Headers',
    claim: "CSP without unsafe-inline scripts, frame-ancestors 'none', nosniff, Referrer-Policy; no HSTS over plain HTTP",
    file: 'src/server/security/hostile-input.test.ts',
    test: 'sends the security headers',
  },
  {
    area: 'Headers',
    claim: 'HSTS and a Secure cookie when served over HTTPS behind a trusted proxy',
    file: 'src/server/modules/auth/auth.test.ts',
    test: 'marks the cookie Secure and sends HSTS when served over HTTPS',
  },
  // Browser
  {
    area: 'Browser',
    claim: 'Markup in a deal title and in activity logs renders as text in Chromium',
    file: 'e2e/security.spec.ts',
    test: 'markup in a deal title and an activity log is shown as text',
  },
  {
    area: 'Browser',
    claim: 'Markup in the company name renders as text in the title and the landing page',
    file: 'e2e/security.spec.ts',
    test: 'markup in the company name is text',
  },
  {
    area: 'Browser',
    claim: "Markup in an investor's message renders as text on both sides",
    file: 'e2e/security.spec.ts',
    test: "markup in an investor's message is text",
  },
  // E-mail
  {
    area: 'E-mail',
    claim:
      "A founder's change of an administrator's address applies only when the link sent to the new address is confirmed (single-use, stored hashed, 24 hours); the old address is told; other admins get 403 (logged)",
    file: 'src/server/modules/users/email-change.test.ts',
    test: 'sends a link to the new address, changes nothing until it is opened, then tells the old address',
  },
  {
    area: 'E-mail',
    claim:
      'User text in e-mails is data (decision 028): a sign-up name with link placeholders gives admins no product link and no header of its own (List-Unsubscribe comes from a stored server value)',
    file: 'src/server/modules/email/email.test.ts',
    test: "a sign-up name reaches admins' e-mails as text: no link, no header made from it",
  },
  {
    area: 'E-mail',
    claim:
      'A name stored before the name rule (CR/LF, terminal escapes, an RTL override) reaches e-mails without any of those characters and starts no header line',
    file: 'src/server/modules/email/email.test.ts',
    test: 'a name stored before the name rule reaches e-mails without its control or bidi characters',
  },
  {
    area: 'Input at the edge',
    claim:
      'Person names refuse control characters and bidi embeddings, overrides and isolates (400, field message) at sign-up, when an admin creates a user and when one renames a user (decision 028, amended)',
    file: 'src/server/modules/users/person-name.test.ts',
    test: 'sign-up refuses each hostile name with 400 and the field message, and creates no account',
  },
  {
    area: 'E-mail',
    claim: 'Recovery answers unknown, pending and suspended accounts exactly as a real one and sends them nothing',
    file: 'src/server/modules/email/email.test.ts',
    test: 'answers unknown, pending and suspended accounts exactly as a real one, and sends them nothing',
  },
  {
    area: 'E-mail',
    claim: 'Recovery links are single-use, expire after 30 minutes, are stored hashed, and using one ends every session',
    file: 'src/server/modules/email/email.test.ts',
    test: 'e-mails a single-use link that sets a new password, ends other sessions and is logged',
  },
  {
    area: 'E-mail',
    claim: 'Recovery requests are limited per address and per client, also under concurrency',
    file: 'src/server/modules/email/email.test.ts',
    test: 'limits requests per address',
  },
  {
    area: 'E-mail',
    claim: 'Values from users are escaped in e-mails; a message notification never carries the message',
    file: 'src/server/modules/email/email.test.ts',
    test: 'tells an investor a message is waiting without its text, and admins about a new message',
  },
  {
    area: 'E-mail',
    claim: 'SMTP uses STARTTLS when offered and refuses plain SMTP to a server that is not on loopback',
    file: 'src/server/modules/email/email.test.ts',
    test: 'refuses plain SMTP to a server that is not on loopback',
  },
  {
    area: 'Faults',
    claim: 'An e-mail written with its event survives SIGKILL before it is sent and goes out after the restart',
    file: 'src/server/faults/email-outbox.test.ts',
    test: 'the recovery e-mail queued before the kill is sent after the restart, and its link works',
  },
  {
    area: 'Faults',
    claim: 'PostgreSQL: two instances sharing the outbox send each e-mail exactly once',
    file: 'src/server/faults/email-outbox.test.ts',
    test: 'sends 80 queued e-mails once each, whichever of the two instances runs the outbox job',
  },
  // Faults
  {
    area: 'Faults',
    claim:
      'PostgreSQL: SIGKILL during uploads, sign-ups, subscription completion and distribution allocation loses no acknowledged write and leaves no row without its file or file without its row',
    file: 'src/server/faults/postgres-crash.test.ts',
    test: 'keeps every acknowledged write and stays consistent across kills',
  },
  {
    area: 'Faults',
    claim: 'PGlite: after SIGKILL the server restarts on the same DATA_DIR (stale lock removed) with every acknowledged write and session',
    file: 'src/server/faults/pglite-restart.test.ts',
    test: 'after SIGKILL, a restart on the same DATA_DIR clears the stale lock and has every acknowledged write and session',
  },
  {
    area: 'Faults',
    claim: 'A second server on the same DATA_DIR refuses to start with one line; the first keeps working',
    file: 'src/server/faults/pglite-restart.test.ts',
    test: 'a second server on the same DATA_DIR refuses to start with one clear line; the first keeps working',
  },
  {
    area: 'Faults',
    claim: 'Two instances on one PostgreSQL and one storage directory share sessions, files and sign-out',
    file: 'src/server/faults/two-instances.test.ts',
    test: 'a session from A works on B; a file uploaded through B downloads through A; signing out on A ends it on B',
  },
  {
    area: 'Faults',
    claim:
      'Session caches (decision 015): B answers a session from memory, yet a sign-out, suspension, password change or reset on A ends it on B at the very next request',
    file: 'src/server/faults/two-instances.test.ts',
    test: 'B answers sessions from its cache, yet a sign-out, suspension, password change or reset on A ends them on B at once',
  },
  {
    area: 'Faults',
    claim:
      'The session cache answers from memory and drops a session or user changed by any route or by SQL; unused while invalidations are not heard',
    file: 'src/server/auth/session-cache.test.ts',
    test: 'drops a session deleted behind its back, and picks up a changed name, role state or forced password change',
  },
  {
    area: 'Faults',
    claim: 'The start-up sweep removes orphan files, reports rows without files, and never touches an upload in flight on another instance',
    file: 'src/server/faults/storage-consistency.test.ts',
    test: 'waits for an upload whose file is in place but whose transaction has not committed, and keeps its file',
  },
  {
    area: 'Faults',
    claim:
      'With S3 storage, the object store going away mid-upload answers 503 with a message and leaves no row and no object; a download then answers 503, not 404',
    file: 'src/server/storage/s3-api.test.ts',
    test: 'the storage server going away mid-upload: 503 with a message, no row, no object; downloads then 503, not 404',
  },
  {
    area: 'Faults',
    claim: 'A missing S3 bucket stops the server at start-up with one line, before the database is touched',
    file: 'src/server/storage/s3-start.test.ts',
    test: 'a missing bucket: the server does not start and says why in one line',
  },
  // Backups
  {
    area: 'Backups',
    claim: 'Backup and restore round-trip every row, sequence and file hash, and the restored encrypted messages read back',
    file: 'src/server/ops/backup.test.ts',
    test: 'backs up every row and file with a manifest; restores them exactly; the restored app reads the encrypted message',
  },
  {
    area: 'Backups',
    claim: 'With MESSAGE_KEY set the key stays out of the archive; restore without it (or with a wrong one) is refused',
    file: 'src/server/ops/backup.test.ts',
    test: 'with MESSAGE_KEY set the key stays out of the archive, and restoring needs that same key',
  },
  {
    area: 'Backups',
    claim: 'A damaged archive (bad file hash, bad row file, truncated) is refused with nothing written',
    file: 'src/server/ops/backup.test.ts',
    test: 'refuses a damaged archive (bad file hash, bad row file, truncated) and writes nothing',
  },
  {
    area: 'Backups',
    claim: 'Restore refuses a data directory with files or a database with rows, and changes neither',
    file: 'src/server/ops/backup.test.ts',
    test: 'refuses to restore onto a data directory with files or a database with rows, and changes neither',
  },
  // Sessions and sign-in
  {
    area: 'Sessions',
    claim: 'Failed sign-ins are limited per account and per client (429 with Retry-After)',
    file: 'src/server/modules/auth/auth.test.ts',
    test: 'blocks an account after 3 failures, even with the right password, from any client',
  },
  {
    area: 'Sessions',
    claim: 'Cross-site requests (foreign Origin) are refused with 403',
    file: 'src/server/modules/auth/auth.test.ts',
    test: 'refuses a state-changing request from another site',
  },
  {
    area: 'Sign-in limits',
    claim:
      '50 parallel wrong passwords for one account give at most the allowed 401s, the rest 429 (slot reserved under a per-account and per-client lock before the password is checked)',
    file: 'src/server/security/controls.test.ts',
    test: '50 parallel wrong passwords for one account: at most 5 get 401, the rest 429, and the right password is then refused',
  },
  {
    area: 'Sign-in limits',
    claim:
      'One canonical form of an address (decision 028: NFKC, ASCII lower case, ASCII only) for the lookup and the limit: five failures lock every spelling (upper case, long s, Kelvin sign); İ and ı spellings reach no account; the database refuses a non-canonical address',
    file: 'src/server/modules/auth/canonical-email.test.ts',
    test: 'five wrong passwords lock every spelling of the address',
  },
  {
    area: 'Sign-in limits',
    claim: 'Parallel sign-ups of several spellings of one address make one account',
    file: 'src/server/modules/auth/canonical-email.test.ts',
    test: 'parallel sign-ups of spellings of one address make one account',
  },
  {
    area: 'Sign-in limits',
    claim: 'The same per client, over many accounts',
    file: 'src/server/security/controls.test.ts',
    test: '50 parallel wrong passwords from one client over many accounts: at most 8 get 401, the rest 429',
  },
  {
    area: 'Sign-in limits',
    claim: 'Sign-ups are limited per client, also in parallel',
    file: 'src/server/security/controls.test.ts',
    test: 'limits sign-ups per client (parallel), and a wrong second-step code counts toward the sign-in limit',
  },
  {
    area: 'Sign-in limits',
    claim:
      'The per-client limits count an IPv6 client by its /64 (LIMITS_IPV6_PREFIX), an IPv4 client by its address: 40 parallel wrong passwords from 40 addresses of one /64 give at most the allowed 401s',
    file: 'src/server/security/client-limits.test.ts',
    test: '40 parallel wrong passwords from 40 addresses of one /64: at most 8 get 401, the rest 429',
  },
  {
    area: 'Sign-in limits',
    claim: 'The same for sign-ups and password recovery from one /64 (30 parallel requests each)',
    file: 'src/server/security/client-limits.test.ts',
    test: '30 parallel recovery requests from 30 addresses of one /64: 10 accepted (the per-client limit), the rest 429',
  },
  {
    area: 'Sign-in limits',
    claim: 'Wrong current passwords in change-password are limited and logged',
    file: 'src/server/security/controls.test.ts',
    test: 'limits and logs wrong current passwords in change-password',
  },
  {
    area: 'Sign-in limits',
    claim:
      'Password hashing is bounded and sign-ins go first: a sign-in during a 40-request sign-up flood finishes before all but a few of the queued sign-ups (its own gate)',
    file: 'src/server/security/controls.test.ts',
    test: 'a sign-in during a 40-request sign-up flood does not wait behind it',
  },
  {
    area: 'Two-factor',
    claim:
      'Admins enrol at sign-in (QR and secret), then give a TOTP or single-use recovery code; wrong codes count toward the sign-in limit; a founder can reset it (logged)',
    file: 'src/server/security/controls.test.ts',
    test: 'makes an admin enrol at sign-in, then asks for a code each time; recovery codes work once; a founder can reset it',
  },
  {
    area: 'Two-factor',
    claim:
      'One pending enrolment per account, tied to the session that started it: of 24 sessions starting at once one gets the secret, the others 409, and no other session can confirm it',
    file: 'src/server/modules/auth/two-factor-enrolment.test.ts',
    test: '24 sessions start at once: one gets the secret, 23 get 409 with a message, and only that one confirms',
  },
  {
    area: 'Two-factor',
    claim: 'A pending enrolment is freed when its session signs out, or after 10 minutes',
    file: 'src/server/modules/auth/two-factor-enrolment.test.ts',
    test: 'frees the enrolment when its session signs out, or after the pending time',
  },
  {
    area: 'Password policy',
    claim:
      'Every new password follows the policy (8/12/16), refuses common passwords and the e-mail local part; generated passwords follow it',
    file: 'src/server/security/controls.test.ts',
    test: 'applies the policy to every new password with its number, the common list and the e-mail',
  },
  {
    area: 'IP allow-list',
    claim: 'Admins from outside the list get 403 (sign-in and API, logged); a list locking out the saver is refused',
    file: 'src/server/security/controls.test.ts',
    test: 'keeps admins outside the IP allow-list out (403, logged), and refuses a list that locks out the saver',
  },
  {
    area: 'IP allow-list',
    claim: 'The list is checked before the password: an admin outside it gets the same 403 for the right and a wrong password',
    file: 'src/server/security/client-limits.test.ts',
    test: 'answers an admin outside the list the same 403 for the right and a wrong password, and logs both',
  },
  {
    area: 'IP allow-list',
    claim: "A list that excludes the saving founder's own address is refused with 409 and a message (decision record 027)",
    file: 'src/server/modules/settings/security-tab.test.ts',
    test: 'refuses with 409 an IP whitelist that excludes the founder saving it, and keeps the old list',
  },
  {
    area: 'API rate limit',
    claim: 'Per-user requests per hour from the setting, atomic under parallel requests, 429 with Retry-After',
    file: 'src/server/security/controls.test.ts',
    test: 'limits API requests per user per hour (parallel requests, 429 with Retry-After)',
  },
  {
    area: 'Document downloads',
    claim: 'Statements and notices are drawn in worker threads; past the queue bound a download gets 503 with Retry-After at once',
    file: 'src/server/modules/ledger/documents.test.ts',
    test: 'with 20 statement downloads in flight /api/health answers promptly; past the queue limit, 503 with Retry-After',
  },
  {
    area: 'Document downloads',
    claim:
      'One user holds at most PDF_PER_USER_LIMIT documents in preparation; one more is 429 with Retry-After at once, so one person cannot fill the shared queue',
    file: 'src/server/modules/ledger/documents.test.ts',
    test: '20 downloads at once by one investor: 3 drawn, 17 refused at once with 429; another investor is served meanwhile',
  },
  {
    area: 'Storage quota',
    claim: 'Investor uploads over the quota get 413, also in parallel',
    file: 'src/server/security/controls.test.ts',
    test: 'refuses uploads over the investor storage quota with 413, also in parallel',
  },
  {
    area: 'Headers',
    claim: 'The Origin check compares the scheme',
    file: 'src/server/security/controls.test.ts',
    test: 'compares the scheme in the Origin check',
  },
  {
    area: 'Headers',
    claim: 'PUBLIC_URL refuses other Host headers; TRUST_PROXY takes the rightmost untrusted X-Forwarded-For address',
    file: 'src/server/security/controls.test.ts',
    test: 'refuses other Host headers and takes the rightmost untrusted X-Forwarded-For address',
  },
  {
    area: 'Files',
    claim: 'DATA_DIR and everything under it (PGlite files included) is owner-only whatever the umask',
    file: 'src/server/security/controls.test.ts',
    test: 'creates DATA_DIR and everything under it owner-only, whatever the umask',
  },
  {
    area: 'Admin powers',
    claim: 'Only founders create, promote, suspend, delete or reset other admins; nobody raises their own type; refusals are logged',
    file: 'src/server/security/access-matrix.test.ts',
    test: 'lets only founders manage other admins, nobody raise their own type, and logs every refusal',
  },
  {
    area: 'Admin powers',
    claim:
      'Only founders change the Security settings (two-factor, password policy, session timeout, IP whitelist, API rate limit, storage quota): other admins get 403, logged as admin_action_refused; the other tabs stay open to every admin',
    file: 'src/server/modules/settings/security-tab.test.ts',
    test: 'refuses every Security setting to cio, legal and nairobi_lead admins (403, message, logged), and changes nothing',
  },
  {
    area: 'Admin powers',
    claim:
      'Only founders change the e-mail server (SMTP host, port, user, From address), through which every recovery link goes and to which SMTP_PASSWORD is sent: other admins get 403, logged as admin_action_refused',
    file: 'src/server/modules/settings/security-tab.test.ts',
    test: 'refuses every e-mail server setting to cio, legal and nairobi_lead admins (403, message, logged)',
  },
  {
    area: 'Admin powers',
    claim: "A founder's settings routes are never rate limited, so an API rate limit set too low can always be undone",
    file: 'src/server/modules/settings/security-tab.test.ts',
    test: 'never rate-limits a founder out of the settings: an API limit of 1 per hour can still be undone',
  },
  {
    area: 'Input at the edge',
    claim:
      'A lone UTF-16 surrogate in any JSON string (value or key) gets 400 with the field on every body route, before any route code; a refused sign-in is still logged',
    file: 'src/server/security/lone-surrogates.test.ts',
    test: 'answers every JSON route 400 (never 500) for a lone surrogate in its body',
  },
  {
    area: 'Input at the edge',
    claim: 'The activity log stores any text: NUL and unpaired surrogates become U+FFFD, so no audit row is lost',
    file: 'src/server/security/lone-surrogates.test.ts',
    test: 'stores an activity log entry whatever its text (NUL and lone surrogates become U+FFFD)',
  },
  {
    area: 'Messages',
    claim: 'Reading a thread (GET) changes nothing; a POST marks it read',
    file: 'src/server/modules/messages/messages.test.ts',
    test: 'opening marks read for the admin only; the admin replies with an attachment; the investor sees Unread then Read',
  },
];
