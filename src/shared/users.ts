import { z } from 'zod';
import { PASSWORD_TOO_SHORT } from './auth.ts';
import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  ADMIN_USER_TYPES,
  type AdminUserType,
  INVESTOR_USER_TYPES,
  type InvestorUserType,
  MIN_PASSWORD_LENGTH,
  ROLES,
  type Role,
  type UserType,
} from './constants.ts';
import { emailAddressField } from './email-address.ts';
import { personNameField } from './person-name.ts';

/** A row of the User Management table. */
export interface ManagedUser {
  id: string;
  email: string | null;
  name: string;
  role: Role;
  userType: UserType | null;
  adminUserType: AdminUserType | null;
  investorUserType: InvestorUserType | null;
  status: AccountStatus;
  lastLogin: string | null;
  createdAt: string;
}

export const createUserInput = z
  .object({
    name: personNameField('Name is required', 'Name is too long'),
    email: emailAddressField,
    password: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200),
    role: z.enum(ROLES, { error: 'Choose admin or investor' }).default('admin'),
    adminUserType: z.enum(ADMIN_USER_TYPES, { error: 'Choose a valid admin type' }).optional(),
    investorUserType: z.enum(INVESTOR_USER_TYPES, { error: 'Choose a valid investor type' }).optional(),
  })
  .transform((v) => ({
    ...v,
    adminUserType: v.role === 'admin' ? (v.adminUserType ?? 'founder') : null,
    investorUserType: v.role === 'investor' ? (v.investorUserType ?? 'hni') : null,
  }));
export type CreateUserInput = z.input<typeof createUserInput>;

/** Edit User: name, status, and the user type of the user's role. The e-mail cannot change. */
export const updateUserInput = z.object({
  name: personNameField('Name is required', 'Name is too long').optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: 'Choose a valid status' }).optional(),
  userType: z.enum([...ADMIN_USER_TYPES, ...INVESTOR_USER_TYPES], { error: 'Choose a valid user type' }).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const statusTone = (s: AccountStatus) => (s === 'active' ? 'success' : s === 'pending' ? 'warning' : 'danger');
