import type { AccountStatus, AdminUserType, InvestorUserType, Role } from '../../../shared/constants.ts';
import { canonicalEmail, EMAIL_INVALID } from '../../../shared/email-address.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { openKycApplication } from '../kyc/service.ts';
import { insertProfile } from './repository.ts';

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
  const id = await insertProfile(
    q,
    {
      email,
      name: u.name,
      role: u.role,
      adminUserType: u.role === 'admin' ? (u.adminUserType ?? 'founder') : null,
      investorUserType: u.role === 'investor' ? (u.investorUserType ?? 'hni') : null,
      status: u.status,
    },
    u.passwordHash,
    u.mustChangePassword,
  );
  if (u.role === 'investor') await openKycApplication(q, id);
  return id;
}
