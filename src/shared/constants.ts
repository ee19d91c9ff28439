/** Enums and limits from the product spec (sections 5 and 9). Pure data, no I/O. */

export const ROLES = ['admin', 'investor'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_USER_TYPES = ['founder', 'cio', 'legal', 'nairobi_lead'] as const;
export type AdminUserType = (typeof ADMIN_USER_TYPES)[number];

export const INVESTOR_USER_TYPES = ['hni', 'family_office', 'offshore_fund'] as const;
export type InvestorUserType = (typeof INVESTOR_USER_TYPES)[number];

export type UserType = AdminUserType | InvestorUserType;

export const ACCOUNT_STATUSES = ['pending', 'active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  founder: 'Founder',
  cio: 'CIO',
  legal: 'Legal',
  nairobi_lead: 'Nairobi Lead',
  hni: 'HNI',
  family_office: 'Family Office',
  offshore_fund: 'Offshore Fund',
};

export const ACTIVITY_TYPES = [
  'user_login',
  'user_logout',
  'user_signup',
  'user_status_change',
  'deal_created',
  'deal_updated',
  'document_uploaded',
  'password_reset',
  // Added by this product (beyond the spec's eight):
  'user_login_failed',
  'password_changed',
  'document_deleted',
  'user_created',
  'user_updated',
  'user_deleted',
  'settings_updated',
  'kyc_submitted',
  'kyc_approved',
  'kyc_rejected',
  'kyc_document_uploaded',
  'compliance_item_created',
  'compliance_item_updated',
  'compliance_item_completed',
  'spv_return_filed',
  'subscription_created',
  'subscription_updated',
  'valuation_recorded',
  'distribution_recorded',
  'distribution_paid',
  'capital_call_issued',
  'capital_receipt_recorded',
  'ledger_entry_reversed',
  'ledger_fee_recorded',
  'management_fee_charged',
  'statements_generated',
  'deal_terms_updated',
  'message_sent',
  'suitability_review_completed',
  'suitability_review_required',
  'password_reset_requested',
  'password_reset_completed',
  'email_test_sent',
  'password_change_failed',
  'two_factor_enabled',
  'two_factor_reset',
  'ip_blocked',
  'admin_action_refused',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const TEMP_PASSWORD_LENGTH = 24;
export const ACTIVITY_LOG_PAGE_SIZE = 100;
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;
export const UPCOMING_DISTRIBUTION_DAYS = 90;

/** Session defaults: the spec's session-timeout default (8 hours idle) and a 24 h absolute cap. */
export const SESSION_IDLE_HOURS_DEFAULT = 8;
export const SESSION_ABSOLUTE_HOURS = 24;

export const SIDEBAR_COOKIE_MAX_AGE = 604_800;

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  user_login: 'User login',
  user_logout: 'User logout',
  user_signup: 'User sign-up',
  user_status_change: 'Status change',
  deal_created: 'Deal created',
  deal_updated: 'Deal updated',
  document_uploaded: 'Document uploaded',
  password_reset: 'Password reset',
  user_login_failed: 'Failed sign-in',
  password_change_failed: 'Failed password change',
  two_factor_enabled: 'Two-factor enabled',
  two_factor_reset: 'Two-factor reset',
  ip_blocked: 'Blocked IP address',
  admin_action_refused: 'Admin action refused',
  password_changed: 'Password changed',
  document_deleted: 'Document deleted',
  user_created: 'User created',
  user_updated: 'User updated',
  user_deleted: 'User deleted',
  settings_updated: 'Settings updated',
  kyc_submitted: 'KYC submitted',
  kyc_approved: 'KYC approved',
  kyc_rejected: 'KYC rejected',
  kyc_document_uploaded: 'KYC document uploaded',
  compliance_item_created: 'Compliance item created',
  compliance_item_updated: 'Compliance item updated',
  compliance_item_completed: 'Compliance item completed',
  spv_return_filed: 'SPV annual return filed',
  subscription_created: 'Subscription created',
  subscription_updated: 'Subscription updated',
  valuation_recorded: 'Valuation recorded',
  distribution_recorded: 'Distribution recorded',
  distribution_paid: 'Distribution paid',
  capital_call_issued: 'Capital call issued',
  capital_receipt_recorded: 'Capital receipt recorded',
  ledger_entry_reversed: 'Ledger entry reversed',
  ledger_fee_recorded: 'Fee recorded',
  management_fee_charged: 'Management fee charged',
  statements_generated: 'Statements generated',
  deal_terms_updated: 'Deal terms updated',
  message_sent: 'Message sent',
  suitability_review_completed: 'Suitability review completed',
  suitability_review_required: 'Suitability review required',
  password_reset_requested: 'Password reset requested',
  password_reset_completed: 'Password reset by e-mail link',
  email_test_sent: 'Test e-mail sent',
};
