import type { DealStage } from '../../shared/deals';

/**
 * One query-key factory per server resource, in one place (decision record 013). A feature
 * reads and invalidates server data only through these keys, so that one resource is cached
 * under one key and a change to it refreshes every screen that shows it. Keys nest: invalidating
 * `fooKeys.all` refreshes everything under it.
 */

/** The activity log (every write on the server adds entries). */
export const activityLogKeys = {
  all: ['activity-logs'] as const,
  list: (f: { search: string; type: string }) => ['activity-logs', 'list', f] as const,
};

/** The admin dashboard's tiles and deal cards (GET /api/dashboard). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/**
 * Deals. Investor-facing deal views live under 'deals' too, so that any deal or subscription
 * change (which moves remaining capacity) refreshes them.
 */
export const dealKeys = {
  all: ['deals'] as const,
  /** GET /api/deals: every stage's total and first page (DealPipeline). */
  list: () => ['deals', 'list'] as const,
  /** One pipeline column: its pages (infinite query), seeded from the list's first page. */
  stages: () => ['deals', 'list', 'stage'] as const,
  stage: (stage: DealStage) => ['deals', 'list', 'stage', stage] as const,
  detail: (id: string) => ['deals', 'detail', id] as const,
  /** GET /api/deals/options: every deal, lean, for every deal select. */
  options: () => ['deals', 'options'] as const,
  /** GET /api/investor/deals: the signed-in investor's Deal Vault. */
  investorVault: () => ['deals', 'investor-vault'] as const,
  /** A deal's capital-account ledger (admin). */
  ledger: (id: string) => ['deals', 'ledger', id] as const,
  /** A deal's economic terms and their versions (admin). */
  terms: (id: string) => ['deals', 'terms', id] as const,
  /** A deal's management-fee runs (admin). */
  managementFees: (id: string) => ['deals', 'management-fees', id] as const,
  /** The deals a capital call may be issued on. */
  capitalCallChoices: () => ['deals', 'capital-call-choices'] as const,
};

/** Capital calls: the admin's list and detail, and the investor's own notices. */
export const capitalCallKeys = {
  all: ['capital-calls'] as const,
  list: () => ['capital-calls', 'list'] as const,
  one: (id: string) => ['capital-calls', 'one', id] as const,
  mine: () => ['capital-calls', 'mine'] as const,
  /** The New Capital Call form: a deal's investors and closes, then a call's preview. */
  choices: (dealId: string) => ['capital-calls', 'choices', dealId] as const,
  preview: (body: unknown) => ['capital-calls', 'preview', body] as const,
};

/** The investor's quarterly statements. */
export const statementKeys = {
  all: ['statements'] as const,
  mine: () => ['statements', 'mine'] as const,
};

export const distributionKeys = {
  all: ['distributions'] as const,
  calendar: () => ['distributions', 'investor-calendar'] as const,
  events: () => ['distributions', 'events'] as const,
  /** Per deal: tiers, hurdle and carry (admin). */
  waterfall: () => ['distributions', 'waterfall'] as const,
  /** The terms of the deals the investor holds. */
  myTerms: () => ['distributions', 'my-terms'] as const,
};

export const documentKeys = {
  all: ['documents'] as const,
  list: () => ['documents', 'list'] as const,
};

/** The admin compliance calendar and library. */
export const complianceKeys = {
  all: ['compliance'] as const,
  overview: () => ['compliance', 'overview'] as const,
};

/** The investor's own compliance overview. */
export const investorComplianceKeys = {
  all: ['investor-compliance'] as const,
  me: () => ['investor-compliance', 'me'] as const,
};

export const investorDashboardKeys = {
  all: ['investor-dashboard'] as const,
};

/** KYC for both sides: the admin's list and detail and the investor's own application. */
export const kycKeys = {
  all: ['kyc'] as const,
  list: () => ['kyc', 'list'] as const,
  detail: (id: string) => ['kyc', 'detail', id] as const,
  me: () => ['kyc', 'me'] as const,
};

export type MessageSide = 'admin' | 'investor';

export const messageKeys = {
  all: ['messages'] as const,
  side: (side: MessageSide) => ['messages', side] as const,
  list: (side: MessageSide) => ['messages', side, 'list'] as const,
  thread: (side: MessageSide, id: string) => ['messages', side, 'thread', id] as const,
  unread: (side: MessageSide) => ['messages', side, 'unread-count'] as const,
};

export const performanceKeys = {
  all: ['performance'] as const,
  mine: () => ['performance', 'investor'] as const,
};

/** GET /api/company: the public company profile (changes with the settings). */
export const companyKeys = {
  profile: ['company'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
};

/** The e-mail outbox on the Settings page's Email tab. */
export const emailOutboxKeys = {
  all: ['email-outbox'] as const,
  list: (status: string) => ['email-outbox', status] as const,
};

/** The password rules of the company settings, for the new-password fields. */
export const passwordPolicyKeys = {
  all: ['password-policy'] as const,
};

/** A password-reset link's token, checked before the form shows. */
export const resetTokenKeys = {
  one: (token: string) => ['reset-token', token] as const,
};

/** SPVs: the tracker's list and the deal forms' SPV choice (its own entry: its shape may differ). */
export const spvKeys = {
  all: ['spvs'] as const,
  list: () => ['spvs', 'list'] as const,
  dealFormChoices: () => ['spvs', 'deal-form-choices'] as const,
};

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => ['subscriptions', 'mine'] as const,
  admin: () => ['subscriptions', 'admin'] as const,
};

/** Users. Investor pick lists live under 'users' so that user changes refresh them. */
export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'list'] as const,
  investorOptions: () => ['users', 'investor-options'] as const,
  messageRecipients: () => ['users', 'message-recipients'] as const,
};

/** The signed-in user's own e-mail notification preferences (GET /api/me/notifications). */
export const notificationPrefKeys = {
  all: ['me', 'notifications'] as const,
};
