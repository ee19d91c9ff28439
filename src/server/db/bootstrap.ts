import { appendFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import type { AccountStatus, AdminUserType, InvestorUserType, Role } from '../../shared/constants.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import type { Config } from '../config.ts';
import { openKycApplication } from '../modules/kyc/service.ts';
import { type Db, one, type Queryable } from './client.ts';

export const CREDENTIALS_FILE = 'initial-credentials.txt';

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  adminUserType?: AdminUserType | null;
  investorUserType?: InvestorUserType | null;
  status: AccountStatus;
  passwordHash: string;
  mustChangePassword: boolean;
}

/** Inserts a profile with its credentials; returns the new id. */
export async function insertUser(q: Queryable, u: NewUser): Promise<string> {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO profiles (email, name, role, admin_user_type, investor_user_type, status)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      u.email,
      u.name,
      u.role,
      u.role === 'admin' ? (u.adminUserType ?? 'founder') : null,
      u.role === 'investor' ? (u.investorUserType ?? 'hni') : null,
      u.status,
    ],
  );
  if (!row) throw new Error('insert returned no row');
  await q.query('INSERT INTO credentials (user_id, password_hash, must_change_password) VALUES ($1, $2, $3)', [
    row.id,
    u.passwordHash,
    u.mustChangePassword,
  ]);
  if (u.role === 'investor') await openKycApplication(q, row.id);
  return row.id;
}

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
