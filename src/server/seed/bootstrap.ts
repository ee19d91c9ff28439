import { appendFile, chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PLACEHOLDER_ADMIN_EMAIL } from '../../shared/email-address.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { insertUser } from '../modules/users/accounts.ts';

export const CREDENTIALS_FILE = 'initial-credentials.txt';

export const CREDENTIALS_NOTICE = '# Delete this file after reading it: it holds passwords. Keep them in a password manager instead.';
const BOOTSTRAP_COMMENT = '# Bootstrap administrator';

/** Appends lines to DATA_DIR/initial-credentials.txt, readable by the owner only; a new file starts with the notice to delete it. */
export async function writeCredentials(dataDir: string, lines: string[]): Promise<string> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  const current = await readFile(file, 'utf8').catch(() => '');
  const head = current.includes(CREDENTIALS_NOTICE) ? [] : [CREDENTIALS_NOTICE];
  await appendFile(file, `${[...head, ...lines].join('\n')}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

/**
 * The bootstrap administrator changed the generated password: its line (and the comment above
 * it) leaves the credentials file, which is deleted when nothing else is left in it.
 */
export async function forgetBootstrapPassword(dataDir: string, email: string): Promise<void> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return;
  }
  const lines = text.split('\n');
  const isAdminLine = (l: string) => l.toLowerCase().startsWith(`admin\t${email.toLowerCase()}\t`);
  if (!lines.some(isAdminLine)) return;
  const kept = lines.filter((l) => !isAdminLine(l) && !l.startsWith(BOOTSTRAP_COMMENT));
  const rest = kept.filter((l) => l.trim() !== '' && l !== CREDENTIALS_NOTICE);
  if (rest.length === 0) {
    await rm(file, { force: true });
    return;
  }
  await writeFile(file, kept.join('\n'), { mode: 0o600 });
}

/**
 * No default admin exists. ADMIN_EMAIL/ADMIN_PASSWORD create an active founder once (a
 * later start changes nothing about that account). Without them, a database with no admin
 * gets one with a random password that must be changed at first sign-in; the password goes
 * to the credentials file only, never to the console.
 */
export async function bootstrapAdmin(db: Db, config: Config, say: (line: string) => void): Promise<void> {
  if (config.admin) {
    const { email, password, name } = config.admin;
    const exists = (await db.query('SELECT 1 FROM profiles WHERE email = $1', [email]))[0];
    if (exists) return;
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    await db.tx((q) =>
      insertUser(q, { email, name, role: 'admin', adminUserType: 'founder', status: 'active', passwordHash, mustChangePassword: false }),
    );
    say(`Created the administrator ${email} from ADMIN_EMAIL.`);
    return;
  }
  const anyAdmin = (await db.query("SELECT 1 FROM profiles WHERE role = 'admin' LIMIT 1"))[0];
  if (anyAdmin) return;
  const email = PLACEHOLDER_ADMIN_EMAIL;
  const password = generatePassword();
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  await db.tx((q) =>
    insertUser(q, {
      email,
      name: 'Administrator',
      role: 'admin',
      adminUserType: 'founder',
      status: 'active',
      passwordHash,
      mustChangePassword: true,
    }),
  );
  const file = await writeCredentials(config.dataDir, [
    `${BOOTSTRAP_COMMENT} (created ${new Date().toISOString()}); the password must be changed at first sign-in; this line goes once it is.`,
    `admin\t${email}\t${password}`,
  ]);
  say(`Created an administrator with a generated password. Its credentials are in ${file}`);
}

/**
 * Stores one setting's first value when the database holds none yet (an operator's later choice
 * is never overwritten). The settings row is the JSON object under key 'app'.
 */
export async function seedSettingDefault(q: Queryable, key: string, value: unknown): Promise<void> {
  const patch = JSON.stringify({ [key]: value });
  await q.query(
    `INSERT INTO settings (key, value) VALUES ('app', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = settings.value || $1::jsonb WHERE NOT (settings.value ? $2)`,
    [patch, key],
  );
}
