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
  'subscription_pack_uploaded',
  'subscription_agreement_signed',
  'subscription_agreement_declined',
  'subscription_agreement_voided',
  'subscription_agreement_resent',
  'subscription_agreement_reminded',
  'valuation_recorded',
  'distribution_recorded',
  'distribution_paid',
  'capital_call_issued',
  'capital_receipt_recorded',
  'ledger_entry_reversed',
  'ledger_fee_recorded',
  'equalisation_charged',
  'escrow_paid_out',
  'clawback_paid',
  'management_fee_charged',
  'statements_generated',
  'job_retried',
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
  'email_change_requested',
  'email_changed',
  'api_token_created',
  'api_token_revoked',
  // The audit chain (decision 042)
  'audit_chain_verified',
  'audit_chain_broken',
  'audit_head_emailed',
  'legal_hold_placed',
  'legal_hold_lifted',
  // Data-subject requests (issue 33, decision 051)
  'data_request_filed',
  'data_request_answered',
  // The regulator's evidence pack (issue 33, decision 052)
  'evidence_pack_requested',
  'evidence_pack_produced',
  'evidence_pack_downloaded',
  // Retention and the four-eyes purge (issue 33, decision 054)
  'retention_policy_changed',
  'retention_purge_proposed',
  'retention_purge_withdrawn',
  'retention_purged',
  // Client classification (issue 31 part A)
  'classification_evidence_uploaded',
  'classification_submitted',
  'classification_decided',
  // Sanctions and PEP screening (issue 31 part B)
  'screening_list_imported',
  'screening_hit_cleared',
  'screening_hit_escalated',
  'screening_hit_confirmed',
  'screening_pep_approved',
  // Investor feeds (issue 34 part 3)
  'calendar_feed_created',
  'calendar_feed_revoked',
  // Tax self-certification (issue 31 part 3, decision 049)
  'tax_certification_signed',
  'tax_residence_changed',
  'tax_export_downloaded',
  // Signed webhooks (issue 34 part 2, decision 047)
  'webhook_created',
  'webhook_updated',
  'webhook_secret_rotated',
  'webhook_redelivered',
  'webhook_test_sent',
  // Risk rating and KYC refresh (issue 31 part 4)
  'risk_rating_overridden',
  'kyc_refresh_submitted',
  'kyc_refresh_approved',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const TEMP_PASSWORD_LENGTH = 24;
export const ACTIVITY_LOG_PAGE_SIZE = 100;
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;
export const UPCOMING_DISTRIBUTION_DAYS = 90;

/** A session's absolute cap (the idle timeout is the settings' session timeout, 8 hours by default). */
export const SESSION_ABSOLUTE_HOURS = 24;

export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
