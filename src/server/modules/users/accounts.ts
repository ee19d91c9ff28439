import type { AccountStatus, AdminUserType, InvestorUserType, Role } from '../../../shared/constants.ts';
import { canonicalEmail, EMAIL_INVALID } from '../../../shared/email-address.ts';
import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { badRequest } from '../../http/errors.ts';
import { openKycApplication } from '../kyc/service.ts';

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
  // Every account is created here, with its address in the one canonical form (decision record
  // 028); the database's CHECK refuses any other (migration 040).
  const email = canonicalEmail(u.email);
  if (!email) throw badRequest(EMAIL_INVALID, { email: EMAIL_INVALID });
  const row = await sql<{ id: string }>(`INSERT INTO profiles (email, name, role, admin_user_type, investor_user_type, status)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`).first(q, [
    email,
    u.name,
    u.role,
    u.role === 'admin' ? (u.adminUserType ?? 'founder') : null,
    u.role === 'investor' ? (u.investorUserType ?? 'hni') : null,
    u.status,
  ]);
  if (!row) throw new Error('insert returned no row');
  await q.query('INSERT INTO credentials (user_id, password_hash, must_change_password) VALUES ($1, $2, $3)', [
    row.id,
    u.passwordHash,
    u.mustChangePassword,
  ]);
  if (u.role === 'investor') await openKycApplication(q, row.id);
  return row.id;
}
