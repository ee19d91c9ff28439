import { dictionary } from '@zxcvbn-ts/language-common';
import { checkPasswordRules, PASSWORD_POLICY_MIN_LENGTH, PASSWORD_TOO_COMMON } from '../../shared/password-policy.ts';
import type { Settings } from '../../shared/settings.ts';
import { badRequest } from '../http/errors.ts';
import { generatePassword } from './password.ts';

/** The most common passwords (zxcvbn-ts' list of about 49,000), compared case-insensitively. */
let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
};

/** The failing rule's message for a new password, or null when it passes the policy. */
export function passwordPolicyProblem(password: string, policy: Settings['passwordPolicy'], email: string | null): string | null {
  const rule = checkPasswordRules(password, policy, email);
  if (rule) return rule;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}

/** Throws a 400 naming the field when the new password breaks the policy. */
export function assertPasswordPolicy(password: string, policy: Settings['passwordPolicy'], email: string | null, field = 'password'): void {
  const problem = passwordPolicyProblem(password, policy, email);
  if (problem) throw badRequest(problem, { [field]: problem });
}

/** A generated password that follows the policy (24 characters, or the policy's minimum if longer). */
export function generatePolicyPassword(policy: Settings['passwordPolicy'], email: string | null): string {
  for (;;) {
    const p = generatePassword(Math.max(24, PASSWORD_POLICY_MIN_LENGTH[policy]));
    if (!passwordPolicyProblem(p, policy, email)) return p;
  }
}
