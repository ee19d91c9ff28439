import { sql as kysql } from 'kysely';
import { PLACEHOLDER_ADMIN_EMAIL } from '../../shared/email-address.ts';
import { BOOTSTRAP_COMMENT, writeCredentials } from '../auth/initial-credentials.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { typed } from '../db/typed.ts';
import { insertUser } from '../modules/users/accounts.ts';

/**
 * No default admin exists. ADMIN_EMAIL/ADMIN_PASSWORD create an active founder once (a
 * later start changes nothing about that account). Without them, a database with no admin
 * gets one with a random password that must be changed at first sign-in; the password goes
 * to the credentials file only, never to the console.
 */
export async function bootstrapAdmin(db: Db, config: Config, say: (line: string) => void): Promise<void> {
  if (config.admin) {
    const { email, password, name } = config.admin;
    const exists = await typed(db).selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst();
    if (exists) return;
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    await db.tx((q) =>
      insertUser(q, { email, name, role: 'admin', adminUserType: 'founder', status: 'active', passwordHash, mustChangePassword: false }),
    );
    say(`Created the administrator ${email} from ADMIN_EMAIL.`);
    return;
  }
  const anyAdmin = await typed(db).selectFrom('profiles').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
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
  await typed(q)
    .insertInto('settings')
    .values({ key: 'app', value: JSON.stringify({ [key]: value }) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({ value: kysql`settings.value || ${eb.ref('excluded.value')}` }))
        .where(kysql<boolean>`NOT (settings.value ? ${key})`),
    )
    .execute();
}
