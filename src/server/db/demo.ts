import type { Config } from '../config.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import { type NewUser, insertUser, writeCredentials } from './bootstrap.ts';
import { one, type Db } from './client.ts';

/** Demo accounts (listed in the README). Their password is DEMO_PASSWORD, else random. */
export const DEMO_USERS: Omit<NewUser, 'passwordHash' | 'mustChangePassword'>[] = [
  { email: 'founder@demo.example.com', name: 'Amina Founder', role: 'admin', adminUserType: 'founder', status: 'active' },
  { email: 'cio@demo.example.com', name: 'Daniel Okoth', role: 'admin', adminUserType: 'cio', status: 'active' },
  { email: 'legal@demo.example.com', name: 'Leila Haddad', role: 'admin', adminUserType: 'legal', status: 'active' },
  { email: 'nairobi@demo.example.com', name: 'Peter Kamau', role: 'admin', adminUserType: 'nairobi_lead', status: 'active' },
  { email: 'investor@demo.example.com', name: 'Sarah Mwangi', role: 'investor', investorUserType: 'hni', status: 'active' },
  { email: 'family@demo.example.com', name: 'Omar Family Office', role: 'investor', investorUserType: 'family_office', status: 'pending' },
  { email: 'fund@demo.example.com', name: 'Indian Ocean Fund', role: 'investor', investorUserType: 'offshore_fund', status: 'suspended' },
];

/**
 * Loads demo content once: on an empty embedded database, or whenever DEMO_DATA=1 and it
 * has not been loaded yet. DEMO_DATA=0 disables it. Later features add to this data set.
 */
export async function loadDemoData(db: Db, config: Config, freshDatabase: boolean, say: (line: string) => void): Promise<boolean> {
  const wanted = config.demoData ?? (freshDatabase && db.engine === 'pglite');
  if (!wanted) return false;
  if (await one(db, "SELECT 1 FROM settings WHERE key = 'demo_loaded'")) return false;
  const password = config.demoPassword ?? generatePassword();
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  await db.tx(async (q) => {
    for (const u of DEMO_USERS) {
      if (await one(q, 'SELECT 1 FROM profiles WHERE lower(email) = lower($1)', [u.email])) continue;
      await insertUser(q, { ...u, passwordHash, mustChangePassword: false });
    }
    await q.query(`INSERT INTO settings (key, value) VALUES ('demo_loaded', to_jsonb(now()))`);
  });
  if (!config.demoPassword) {
    const file = await writeCredentials(config.dataDir, [
      `# Demo accounts (loaded ${new Date().toISOString()}), all with the same password:`,
      ...DEMO_USERS.map((u) => `${u.role}\t${u.email}\t${password}`),
    ]);
    say(`Loaded demo data. The demo accounts' password is in ${file}`);
  } else {
    say('Loaded demo data (demo accounts use DEMO_PASSWORD).');
  }
  return true;
}
