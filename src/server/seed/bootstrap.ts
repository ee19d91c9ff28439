import { appendFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { generatePassword, hashPassword } from '../auth/password.ts';
import type { Config } from '../config.ts';
import { type Db, one } from '../db/client.ts';
import { insertUser } from '../modules/users/accounts.ts';

export const CREDENTIALS_FILE = 'initial-credentials.txt';

/** Appends lines to DATA_DIR/initial-credentials.txt, readable by the owner only. */
export async function writeCredentials(dataDir: string, lines: string[]): Promise<string> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  await appendFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
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
    const exists = await one(db, 'SELECT 1 FROM profiles WHERE lower(email) = lower($1)', [email]);
    if (exists) return;
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    await db.tx((q) =>
      insertUser(q, { email, name, role: 'admin', adminUserType: 'founder', status: 'active', passwordHash, mustChangePassword: false }),
    );
    say(`Created the administrator ${email} from ADMIN_EMAIL.`);
    return;
  }
  const anyAdmin = await one(db, "SELECT 1 FROM profiles WHERE role = 'admin' LIMIT 1");
  if (anyAdmin) return;
  const email = 'admin@example.com';
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
    `# Bootstrap administrator (created ${new Date().toISOString()}); the password must be changed at first sign-in.`,
    `admin\t${email}\t${password}`,
  ]);
  say(`Created an administrator with a generated password. Its credentials are in ${file}`);
}
