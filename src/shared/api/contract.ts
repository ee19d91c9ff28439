import type { ZodType, z } from 'zod';
import { type ActivityLogPage, activityLogQuery } from '../activity.ts';
import { type ApiToken, type CreatedToken, createTokenInput } from '../api-tokens.ts';
import { type ChainHead, type ChainVerification, chainHeadEmailInput } from '../audit.ts';
import {
  type AppUser,
  changePasswordInput,
  languageInput,
  type SignInResult,
  signInInput,
  signUpInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
  twoFactorCodeInput,
} from '../auth.ts';
import { type CallChoices, type CallPlan, newCallInput } from '../call-targets.ts';
import type { CompanyProfile } from '../company-profile.ts';
import { type ComplianceItem, type ComplianceOverview, complianceItemInput, complianceItemUpdate } from '../compliance.ts';
import { confirmPaymentInput } from '../confirm-payment.ts';
import type { DashboardData } from '../dashboard.ts';
import { answerDataRequestInput, type DataRequest, dataRequestInput } from '../data-requests.ts';
import {
  type ClawbackPayment,
  clawbackPaymentInput,
  type DealTermsData,
  type DealWaterfallSummary,
  dealTermsInput,
  distributionPreviewInput,
  type EscrowPayout,
  escrowPayoutInput,
  type InvestorDealTerms,
  type WaterfallPreview,
} from '../deal-terms.ts';
import {
  createDealInput,
  type Deal,
  type DealDetail,
  type DealOption,
  type DealPipeline,
  type DealStagePage,
  dealListQuery,
  moveDealInput,
  updateDealInput,
} from '../deals.ts';
import {
  type ClassificationApplication,
  type ClassificationQueue,
  classificationDecisionInput,
  classificationInput,
  type MyClassification,
} from '../dfsa-classification.ts';
import { type DistributionCalendar, type DistributionEvent, recordDistributionInput } from '../distributions.ts';
import { documentUpdateInput, type VaultDocument } from '../documents.ts';
import {
  forgotPasswordInput,
  type NotificationPreferences,
  type NotificationTopic,
  notificationPreferencesInput,
  type OutboxEntry,
  type OutboxPage,
  outboxQuery,
  resetPasswordInput,
  resetTokenInput,
  type TestEmailResult,
  testEmailInput,
  unsubscribeInput,
} from '../email.ts';
import { confirmEmailInput, type EmailChangeRequested, emailChangeInput } from '../email-address.ts';
import { type EvidencePack, evidencePackInput } from '../evidence.ts';
import type { CalendarFeedStatus, CapitalAccountExport, CreatedCalendarFeed, IlpaNotices } from '../feeds.ts';
import type { Digits } from '../i18n/languages.ts';
import { type IlpaNotice, ilpaQuery } from '../ilpa.ts';
import { type InvestorComplianceData, suitabilityInput } from '../investor-compliance.ts';
import type { InvestorDashboardData } from '../investor-dashboard.ts';
import type { InvestorDeal } from '../investor-deals.ts';
import { type JobList, type JobView, jobListQuery } from '../jobs.ts';
import { approveKycInput, type KycDetail, type KycList, rejectKycInput } from '../kyc.ts';
import {
  type CapitalCall,
  type DealLedger,
  feeInput,
  type GeneratedStatement,
  type InvestorCallNotice,
  type LedgerEntry,
  receiptInput,
  reversalInput,
  type StatementRun,
  statementRunInput,
} from '../ledger.ts';
import { type LegalHold, legalHoldInput, liftLegalHoldInput } from '../legal-hold.ts';
import { type ManagementFeeCharge, type ManagementFeeData, type ManagementFeePreview, managementFeeInput } from '../management-fee.ts';
import type { MessageThread, ThreadList } from '../messages.ts';
import { type EqualisationPreview, equalisationInput, equalisationQuery } from '../ownership.ts';
import type { PasswordPolicyInfo } from '../password-policy.ts';
import { type PerformanceData, type Valuation, valuationInput } from '../performance.ts';
import { type RetentionOverview, type RetentionPolicy, type RetentionPurge, retentionPolicyBody } from '../retention.ts';
import {
  type AdminInvestorRisk,
  type InvestorKycRefresh,
  type KycRefreshQueueItem,
  kycRefreshDecisionInput,
  kycRefreshInput,
  riskOverrideInput,
} from '../risk-rating.ts';
import {
  clearHitInput,
  confirmHitInput,
  escalateHitInput,
  hitsQuery,
  type InvestorScreening,
  myScreeningInput,
  personInput,
  type ScreeningDiff,
  type ScreeningHit,
  type ScreeningImport,
  type ScreeningQueue,
} from '../screening.ts';
import type { Language, Settings } from '../settings.ts';
import {
  countersignInput,
  type Envelope,
  envelopeListQuery,
  openEnvelopeInput,
  type PackStatusRow,
  packFieldsInput,
  reasonInput,
  type SigningSettings,
  type SubscriptionPack,
  signInput,
  signingSettingsSchema,
} from '../signing.ts';
import { type Spv, spvInput, spvUpdateInput } from '../spvs.ts';
import { createSubscriptionInput, rejectSubscriptionInput, type Subscription } from '../subscriptions.ts';
import { certificationInput, exportQuery, residenceChangeInput, type TaxState } from '../tax-certification.ts';
import { createUserInput, type ManagedUser, updateUserInput } from '../users.ts';
import { type WebhookDelivery, type WebhookEndpoint, type WebhookWithSecret, webhookCreateInput, webhookUpdateInput } from '../webhooks.ts';
import { outboxIdParam, PATH_PARAMS } from './path-params.ts';

/**
 * The route table (decision 033, after 019): every route the server registers is one entry here,
 * keyed by method and path, with who may call it (`access`), the schemas of its request (`query`,
 * `body`: the zod schemas of src/shared) and the type of its successful JSON answer.
 *  - The server registers each route from its entry (`typedRoutes`, src/server/http/typed-routes.ts):
 *    the access guard is set from `access`, the query and body are parsed with the schemas before
 *    the handler runs (a mismatch is a 400 with field messages), and a path with no entry is a
 *    type error and, at start-up, an error (the access hook refuses it).
 *  - The access catalogue (src/server/security/catalog.ts) and docs/security.md come from `access`.
 *  - The web's client (`apiGet`/`apiSend`, src/web/lib/api.ts) takes the body and answer types
 *    from here; GET /api/openapi.json is generated from it (src/server/http/openapi.ts).
 *
 * Path parameters are named by the path (`:id`); each has a schema, from its name (PATH_PARAMS,
 * src/shared/api/path-params.ts: `:id` is a UUID) or the entry's own `params`, parsed before the
 * query and the body: a malformed one is a 400 with a field message (`pathParams`).
 */
export interface Returns<T> {
  readonly kind: 'json' | 'file';
  /** Phantom: never set, it only carries T. */
  readonly response?: (value: T) => T;
}

/** A file or PDF sent as bytes (view, download, statements): the web links to it, it never parses it. */
export interface FileBody {
  readonly file: true;
}

const json = <T>(): Returns<T> => ({ kind: 'json' });
/** The type of a body the route parses itself (`sends`). */
const sends = <T>(): Returns<T> => ({ kind: 'json' });
const file = (): Returns<FileBody> => ({ kind: 'file' });

/**
 * Who may call a route (the access guard, src/server/auth/guard.ts, applies it before anything else):
 *  - public: anyone
 *  - user: any signed-in, active user
 *  - admin / investor: a signed-in, active user of that role
 *  - founder: an admin route only founders may use; the guard admits admins, and the service
 *    refuses the other admin types with its own message and an audit record (access-matrix.test.ts).
 */
export type Access = 'public' | 'user' | 'admin' | 'investor' | 'founder';

/** The request schemas of a route. A multipart route reads its form itself (no `body` schema). */
export interface RequestSchemas {
  /**
   * Schemas of path parameters whose meaning differs from their name's (PATH_PARAMS,
   * src/shared/api/path-params.ts): e.g. an outbox e-mail's numbered `:id`.
   */
  readonly params?: Readonly<Record<string, ZodType<string>>>;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** The body is multipart/form-data (uploads): documented, parsed by the route's own code. */
  readonly multipart?: true;
  /** A JSON body the route's own code parses (a partial merged before validation): its type only. */
  readonly sends?: Pick<Returns<never>, 'kind'>;
}

export type RouteEntry = Pick<Returns<never>, 'kind'> & RequestSchemas & { readonly access: Access };

const entry =
  <A extends Access>(access: A) =>
  <T, const S extends RequestSchemas = Record<never, never>>(returns: Returns<T>, schemas?: S): Returns<T> & S & { readonly access: A } =>
    ({ ...returns, ...schemas, access }) as Returns<T> & S & { readonly access: A };
const pub = entry('public');
const user = entry('user');
const admin = entry('admin');
const investor = entry('investor');
const founder = entry('founder');

/** GET /api/openapi.json: the table as an OpenAPI 3.1 document (src/shared/api/openapi.ts builds it). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
}

/** A confirmation with a message to show. */
export interface MessageResponse {
  message: string;
}

/** GET /api/health (also on 503, when the database is down). */
export interface HealthStatus {
  status: 'ok' | 'unavailable';
  version: string;
  database: boolean;
}

/** The session probe: the signed-in user (null when signed out) and the second step still needed. */
export interface SessionResponse {
  user: AppUser | null;
  secondFactor: SignInResult['secondFactor'];
}

export const API = {
  // Health and the public company profile
  'GET /api/health': pub(json<HealthStatus>()),
  'GET /api/company': pub(json<{ profile: CompanyProfile }>()),

  // Sign-in, sessions, passwords, two-factor
  'POST /api/auth/sign-up': pub(json<MessageResponse>(), { body: signUpInput }),
  'POST /api/auth/sign-in': pub(json<SignInResult>(), { body: signInInput }),
  'POST /api/auth/sign-out': user(json<MessageResponse>()),
  'GET /api/auth/session': user(json<SignInResult>()),
  'GET /api/auth/me': pub(json<SessionResponse>()),
  'POST /api/auth/change-password': user(json<MessageResponse>(), { body: changePasswordInput }),
  'PUT /api/auth/language': user(json<{ language: Language | null; digits: Digits }>(), { body: languageInput }),
  'GET /api/auth/password-policy': pub(json<PasswordPolicyInfo>()),
  'POST /api/auth/two-factor/verify': user(json<SignInResult>(), { body: twoFactorCodeInput }),
  'GET /api/auth/two-factor': user(json<TwoFactorStatus>()),
  'POST /api/auth/two-factor/setup': user(json<TwoFactorSetup>()),
  'POST /api/auth/two-factor/confirm': user(json<{ recoveryCodes: string[] }>(), { body: twoFactorCodeInput }),
  'POST /api/auth/forgot-password': pub(json<MessageResponse>(), { body: forgotPasswordInput }),
  'POST /api/auth/reset-password/check': pub(json<{ valid: true }>(), { body: resetTokenInput }),
  'POST /api/auth/reset-password': pub(json<MessageResponse>(), { body: resetPasswordInput }),
  'POST /api/auth/confirm-email': pub(json<{ message: string; email: string }>(), { body: confirmEmailInput }),

  // Deals
  'GET /api/deals': admin(json<DealPipeline | DealStagePage>(), { query: dealListQuery }),
  'GET /api/deals/options': admin(json<{ deals: DealOption[] }>()),
  'POST /api/deals': admin(json<{ deal: Deal }>(), { body: createDealInput }),
  'GET /api/deals/:id': admin(json<DealDetail>()),
  'PATCH /api/deals/:id': admin(json<{ deal: Deal }>(), { body: updateDealInput }),
  'POST /api/deals/:id/valuations': admin(json<{ valuations: Valuation[] }>(), { body: valuationInput }),
  'POST /api/deals/:id/move': admin(json<{ deal: Deal }>(), { body: moveDealInput }),

  // SPVs
  'GET /api/spvs': admin(json<{ spvs: Spv[] }>()),
  'POST /api/spvs': admin(json<{ spv: Spv }>(), { body: spvInput }),
  'PATCH /api/spvs/:id': admin(json<{ spv: Spv }>(), { body: spvUpdateInput }),
  'POST /api/spvs/:id/file-return': admin(json<{ annualReturnDue: string }>()),

  // Document vault
  'GET /api/documents': admin(json<{ documents: VaultDocument[] }>()),
  'POST /api/documents': admin(json<{ document: VaultDocument }>(), { multipart: true }),
  'GET /api/documents/:id/view': admin(file()),
  'GET /api/documents/:id/download': admin(file()),
  'PATCH /api/documents/:id': admin(json<{ document: VaultDocument }>(), { body: documentUpdateInput }),
  'DELETE /api/documents/:id': admin(json<MessageResponse>()),

  // User management
  'GET /api/users': admin(json<{ users: ManagedUser[] }>()),
  'POST /api/users': admin(json<{ user: ManagedUser }>(), { body: createUserInput }),
  'PATCH /api/users/:id': admin(json<{ user: ManagedUser }>(), { body: updateUserInput }),
  'DELETE /api/users/:id': admin(json<MessageResponse>()),
  'POST /api/users/:id/reset-password': admin(json<{ temporaryPassword: string }>()),
  'POST /api/users/:id/reset-two-factor': founder(json<MessageResponse>()),
  'POST /api/users/:id/email': founder(json<EmailChangeRequested>(), { body: emailChangeInput }),

  // Activity logs, dashboard, settings
  'GET /api/activity-logs': admin(json<ActivityLogPage>(), { query: activityLogQuery }),
  'GET /api/dashboard': admin(json<DashboardData>()),
  'GET /api/settings': admin(json<{ settings: Settings }>()),
  'PUT /api/settings': admin(json<{ settings: Settings }>(), { sends: sends<Partial<Settings>>() }),

  // KYC
  'GET /api/kyc/me': investor(json<{ application: KycDetail }>()),
  'POST /api/kyc/me/documents/:kind': investor(json<{ application: KycDetail }>(), { multipart: true }),
  'POST /api/kyc/me/submit': investor(json<{ application: KycDetail }>()),
  'GET /api/kyc/me/documents/:kind/view': investor(file()),
  'GET /api/kyc/me/documents/:kind/download': investor(file()),
  'GET /api/kyc/:id/documents/:kind/view': admin(file()),
  'GET /api/kyc/:id/documents/:kind/download': admin(file()),
  'GET /api/kyc': admin(json<KycList>()),
  'GET /api/kyc/:id': admin(json<{ application: KycDetail }>()),
  'POST /api/kyc/:id/approve': admin(json<{ application: KycDetail }>(), { body: approveKycInput }),
  'POST /api/kyc/:id/reject': admin(json<{ application: KycDetail }>(), { body: rejectKycInput }),

  // Compliance calendar
  'GET /api/compliance': admin(json<ComplianceOverview>()),
  'POST /api/compliance': admin(json<{ item: ComplianceItem }>(), { body: complianceItemInput }),
  'PATCH /api/compliance/:id': admin(json<{ item: ComplianceItem }>(), { body: complianceItemUpdate }),
  'POST /api/compliance/:id/start': admin(json<{ item: ComplianceItem }>()),
  'POST /api/compliance/:id/complete': admin(json<{ item: ComplianceItem; next: ComplianceItem | null }>()),

  // Subscriptions
  'GET /api/investor/subscriptions': investor(json<{ subscriptions: Subscription[] }>()),
  'POST /api/investor/subscriptions': investor(json<{ subscription: Subscription }>(), { body: createSubscriptionInput }),
  'POST /api/investor/subscriptions/:id/cancel': investor(json<{ subscription: Subscription }>()),
  'GET /api/subscriptions': admin(json<{ subscriptions: Subscription[] }>()),
  'POST /api/subscriptions/:id/review': admin(json<{ subscription: Subscription }>()),
  'POST /api/subscriptions/:id/complete': admin(json<{ subscription: Subscription }>()),
  'POST /api/subscriptions/:id/reject': admin(json<{ subscription: Subscription }>(), { body: rejectSubscriptionInput }),

  // Distributions and the waterfall
  'GET /api/distributions': admin(json<{ events: DistributionEvent[] }>()),
  'POST /api/distributions': admin(json<{ event: DistributionEvent }>(), { body: recordDistributionInput }),
  'POST /api/distributions/:id/pay': admin(json<{ event: DistributionEvent }>(), { body: confirmPaymentInput }),
  'POST /api/distributions/preview': admin(json<{ preview: WaterfallPreview }>(), { body: distributionPreviewInput }),
  'GET /api/distributions/waterfall': admin(json<{ deals: DealWaterfallSummary[] }>()),
  'GET /api/investor/distributions': investor(json<DistributionCalendar>()),
  'GET /api/deals/:id/terms': admin(json<DealTermsData>()),
  'PUT /api/deals/:id/terms': admin(json<DealTermsData>(), { body: dealTermsInput }),
  'GET /api/investor/deal-terms': investor(json<{ deals: InvestorDealTerms[] }>()),
  'GET /api/deals/:id/management-fees': admin(json<ManagementFeeData>()),
  'POST /api/deals/:id/management-fees/preview': admin(json<{ preview: ManagementFeePreview }>(), { body: managementFeeInput }),
  'POST /api/deals/:id/management-fees': admin(json<{ charge: ManagementFeeCharge; fees: ManagementFeeData }>(), {
    body: managementFeeInput,
  }),

  // Capital calls, the ledger, statements
  'GET /api/capital-calls': admin(json<{ calls: CapitalCall[] }>()),
  'POST /api/capital-calls': admin(json<{ call: CapitalCall }>(), { body: newCallInput }),
  'POST /api/capital-calls/preview': admin(json<{ plan: CallPlan }>(), { body: newCallInput }),
  'GET /api/deals/:id/call-choices': admin(json<{ choices: CallChoices }>()),
  'GET /api/capital-calls/:id': admin(json<{ call: CapitalCall }>()),
  'POST /api/capital-calls/:id/receipts': admin(json<{ call: CapitalCall }>(), { body: receiptInput }),
  'GET /api/deals/:id/ledger': admin(json<{ ledger: DealLedger }>()),
  'POST /api/deals/:id/fees': admin(json<{ ledger: DealLedger }>(), { body: feeInput }),
  'POST /api/ledger/:id/reverse': admin(json<{ entry: LedgerEntry }>(), { body: reversalInput }),
  'GET /api/investors/:id/statement': admin(file(), { query: statementRunInput }),
  'POST /api/statement-runs': admin(json<{ run: StatementRun }>(), { body: statementRunInput }),
  'GET /api/statement-runs/:id': admin(json<{ run: StatementRun }>()),
  'GET /api/investor/capital-calls': investor(json<{ notices: InvestorCallNotice[] }>()),
  'GET /api/investor/capital-calls/:id/notice': investor(file()),
  'GET /api/investor/statement': investor(file()),
  'GET /api/investor/statements': investor(json<{ statements: GeneratedStatement[] }>()),

  // Secure messages
  'GET /api/investor/messages': investor(json<ThreadList>()),
  'POST /api/investor/messages': investor(json<{ threadId: string }>(), { multipart: true }),
  'GET /api/investor/messages/:id': investor(json<{ thread: MessageThread }>()),
  'POST /api/investor/messages/:id/read': investor(json<MessageResponse>()),
  'POST /api/investor/messages/:id/reply': investor(json<{ threadId: string }>(), { multipart: true }),
  'GET /api/investor/messages/attachments/:id': investor(file()),
  'GET /api/investor/messages/unread-count': investor(json<{ unread: number }>()),
  'GET /api/messages': admin(json<ThreadList>()),
  'GET /api/messages/unread-count': admin(json<{ unread: number }>()),
  'POST /api/messages': admin(json<{ threadId: string }>(), { multipart: true }),
  'GET /api/messages/:id': admin(json<{ thread: MessageThread }>()),
  'POST /api/messages/:id/read': admin(json<MessageResponse>()),
  'POST /api/messages/:id/reply': admin(json<{ threadId: string }>(), { multipart: true }),
  'GET /api/messages/attachments/:id': admin(file()),

  // The investor portal
  'GET /api/investor/dashboard': investor(json<InvestorDashboardData>()),
  'GET /api/investor/deals': investor(json<{ deals: InvestorDeal[] }>()),
  'GET /api/investor/performance': investor(json<PerformanceData>()),
  'GET /api/investor/compliance': investor(json<InvestorComplianceData>()),
  'POST /api/investor/suitability-review': investor(json<InvestorComplianceData>(), { body: suitabilityInput }),
  'GET /api/investor/documents/:id/view': investor(file()),
  'GET /api/investor/documents/:id/download': investor(file()),

  // Personal access tokens (issue 34, decision 044): the signed-in user's own
  'GET /api/me/tokens': user(json<{ tokens: ApiToken[] }>()),
  'POST /api/me/tokens': user(json<CreatedToken>(), { body: createTokenInput }),
  'DELETE /api/me/tokens/:id': user(json<{ tokens: ApiToken[] }>()),

  // E-mail: preferences, unsubscribe, the outbox
  'GET /api/me/notifications': user(json<{ preferences: NotificationPreferences }>()),
  'PUT /api/me/notifications': user(json<{ preferences: NotificationPreferences }>(), { body: notificationPreferencesInput }),
  'POST /api/notifications/unsubscribe': pub(json<MessageResponse & { topic: NotificationTopic }>(), { body: unsubscribeInput }),
  'GET /api/email/outbox': admin(json<OutboxPage>(), { query: outboxQuery }),
  'POST /api/email/outbox/:id/retry': admin(json<{ entry: OutboxEntry }>(), { params: { id: outboxIdParam } }),
  'POST /api/email/test': admin(json<TestEmailResult>(), { body: testEmailInput }),

  // Background jobs (issue 32, decision 041): running and recent jobs, retry of a failed one
  'GET /api/jobs': admin(json<JobList>(), { query: jobListQuery }),
  'POST /api/jobs/:id/retry': admin(json<{ job: JobView }>()),
  // Later closes without dilution: equalisation of a later close (issue 29 part 1, decision 040)
  'GET /api/deals/:id/equalisation': admin(json<{ equalisation: EqualisationPreview }>(), { query: equalisationQuery }),
  'POST /api/deals/:id/equalisation': admin(json<{ equalisation: EqualisationPreview }>(), { body: equalisationInput }),
  // Carry released from escrow paid out to the carry recipients (issue 29 leftover, decision 039 amended)
  'POST /api/deals/:id/escrow-payouts': admin(json<{ payout: EscrowPayout }>(), { body: escrowPayoutInput }),
  // A GP's payment of a clawback owed, passed on to the investors (issue 29 leftover, decision 058)
  'POST /api/deals/:id/clawback-payments': admin(json<{ payment: ClawbackPayment }>(), { body: clawbackPaymentInput }),
  // The audit trail: hash chain of the activity log (issue 33, decision 042)
  'GET /api/audit/head': admin(json<{ head: ChainHead }>()),
  'POST /api/audit/verify': admin(json<ChainVerification>()),
  'POST /api/audit/head/email': admin(json<{ head: ChainHead }>(), { body: chainHeadEmailInput }),
  'GET /api/legal-holds': admin(json<{ holds: LegalHold[] }>()),
  'POST /api/legal-holds': admin(json<{ hold: LegalHold }>(), { body: legalHoldInput }),
  'POST /api/legal-holds/:id/lift': admin(json<{ hold: LegalHold }>(), { body: liftLegalHoldInput }),
  // The regulator's evidence pack (issue 33 part 3, decision 052): produced as a durable job, downloaded by admins
  'GET /api/evidence-packs': admin(json<{ packs: EvidencePack[] }>()),
  'POST /api/evidence-packs': admin(json<{ pack: EvidencePack }>(), { body: evidencePackInput }),
  'GET /api/evidence-packs/:id': admin(json<{ pack: EvidencePack }>()),
  'GET /api/evidence-packs/:id/download': admin(file()),
  // DFSA client classification (issue 31 part A, decision record 037): the investor's questions,
  // evidence and the retail-treatment notice; the admins' review queue and decisions
  'GET /api/investor/classification': investor(json<MyClassification>()),
  'POST /api/investor/classification': investor(json<MyClassification>(), { body: classificationInput }),
  'POST /api/investor/classification/evidence': investor(json<MyClassification>(), { multipart: true }),
  'DELETE /api/investor/classification/evidence/:id': investor(json<MyClassification>()),
  'GET /api/investor/classification/evidence/:id/download': investor(file()),
  'GET /api/classifications': admin(json<ClassificationQueue>()),
  'GET /api/classifications/:id': admin(json<{ application: ClassificationApplication }>()),
  'POST /api/classifications/:id/decide': admin(json<{ application: ClassificationApplication }>(), { body: classificationDecisionInput }),
  'GET /api/classifications/evidence/:id/download': admin(file()),
  // Sanctions and PEP screening (issue 31 part B, decision 038)
  'GET /api/investor/screening': investor(json<{ screening: InvestorScreening }>()),
  'PUT /api/investor/screening': investor(json<{ screening: InvestorScreening }>(), { body: myScreeningInput }),
  'POST /api/investor/screening/persons': investor(json<{ screening: InvestorScreening }>(), { body: personInput }),
  'PUT /api/investor/screening/persons/:id': investor(json<{ screening: InvestorScreening }>(), { body: personInput }),
  'DELETE /api/investor/screening/persons/:id': investor(json<{ screening: InvestorScreening }>()),
  'GET /api/screening/investors/:id': admin(json<{ screening: InvestorScreening }>()),
  'POST /api/screening/investors/:id/pep-approval': founder(json<{ screening: InvestorScreening }>()),
  'GET /api/screening/imports': admin(json<{ imports: ScreeningImport[] }>()),
  'POST /api/screening/imports': admin(json<{ import: ScreeningImport }>(), { multipart: true }),
  'GET /api/screening/imports/:id': admin(json<ScreeningDiff>()),
  'GET /api/screening/hits': admin(json<ScreeningQueue>(), { query: hitsQuery }),
  'POST /api/screening/hits/:id/clear': admin(json<{ hit: ScreeningHit }>(), { body: clearHitInput }),
  'POST /api/screening/hits/:id/escalate': admin(json<{ hit: ScreeningHit }>(), { body: escalateHitInput }),
  'POST /api/screening/hits/:id/confirm': admin(json<{ hit: ScreeningHit }>(), { body: confirmHitInput }),
  // Subscription documents signed in the product (issue 30, decision record 036)
  'GET /api/deals/:id/subscription-pack': admin(json<{ pack: SubscriptionPack | null }>()),
  'POST /api/deals/:id/subscription-pack': admin(json<{ pack: SubscriptionPack }>(), { multipart: true }),
  'PUT /api/deals/:id/subscription-pack/fields': admin(json<{ pack: SubscriptionPack }>(), { body: packFieldsInput }),
  'GET /api/deals/:id/subscription-pack/template': admin(file()),
  'GET /api/deals/:id/subscription-pack/status': admin(json<{ rows: PackStatusRow[] }>()),
  'GET /api/deals/:id/subscription-pack/status.csv': admin(file()),
  'GET /api/signing/settings': admin(json<{ settings: SigningSettings }>()),
  'PUT /api/signing/settings': founder(json<{ settings: SigningSettings }>(), { body: signingSettingsSchema }),
  'GET /api/signing/envelopes': admin(json<{ envelopes: Envelope[] }>(), { query: envelopeListQuery }),
  'GET /api/signing/envelopes/:id': admin(json<{ envelope: Envelope }>()),
  'GET /api/signing/envelopes/:id/document': admin(file()),
  'POST /api/signing/envelopes/:id/countersign': admin(json<{ envelope: Envelope }>(), { body: countersignInput }),
  'POST /api/signing/envelopes/:id/void': admin(json<{ envelope: Envelope }>(), { body: reasonInput }),
  // Resend from the admin's deal page (issue 30): a reminder for an open envelope, a fresh one for a closed one
  'POST /api/signing/envelopes/:id/resend': admin(json<{ envelope: Envelope }>()),
  'POST /api/investor/subscriptions/:id/envelope': investor(json<{ envelope: Envelope }>(), { body: openEnvelopeInput }),
  'GET /api/investor/envelopes': investor(json<{ envelopes: Envelope[] }>()),
  'GET /api/investor/envelopes/:id': investor(json<{ envelope: Envelope }>()),
  'GET /api/investor/envelopes/:id/document': investor(file()),
  'POST /api/investor/envelopes/:id/sign': investor(json<{ envelope: Envelope }>(), { body: signInput }),
  'POST /api/investor/envelopes/:id/decline': investor(json<{ envelope: Envelope }>(), { body: reasonInput }),
  // Investor feeds (issue 34 part 3, decision 048): ILPA-template notices, the capital-account
  // export, the private calendar feed (its URL is public: the secret in it is the key)
  'GET /api/investor/ilpa-notices': investor(json<IlpaNotices>(), { query: ilpaQuery }),
  'GET /api/investor/ilpa-notices.csv': investor(file(), { query: ilpaQuery }),
  'GET /api/investor/ilpa-notices/:id': investor(json<{ notice: IlpaNotice }>()),
  'GET /api/investor/ilpa-notices/:id/csv': investor(file()),
  'GET /api/investors/:id/ilpa-notices': admin(json<IlpaNotices>(), { query: ilpaQuery }),
  'GET /api/investors/:id/ilpa-notices.csv': admin(file(), { query: ilpaQuery }),
  'GET /api/capital-calls/:id/ilpa-notices': admin(json<IlpaNotices>()),
  'GET /api/capital-calls/:id/ilpa-notices.csv': admin(file()),
  'GET /api/investor/capital-account': investor(json<CapitalAccountExport>()),
  'GET /api/investor/capital-account.csv': investor(file()),
  'GET /api/investors/:id/capital-account': admin(json<CapitalAccountExport>()),
  'GET /api/investors/:id/capital-account.csv': admin(file()),
  'GET /api/investor/calendar-feed': investor(json<{ feed: CalendarFeedStatus }>()),
  'POST /api/investor/calendar-feed': investor(json<CreatedCalendarFeed>()),
  'DELETE /api/investor/calendar-feed': investor(json<{ feed: CalendarFeedStatus }>()),
  'GET /api/feeds/calendar/:token': pub(file()),

  // Data-subject requests (issue 33 part 2, decision 051): the investor's copy, rectification and
  // erasure requests and the archive of an answered copy request; the admins' queue and answers
  'GET /api/investor/data-requests': investor(json<{ requests: DataRequest[] }>()),
  'POST /api/investor/data-requests': investor(json<{ request: DataRequest }>(), { body: dataRequestInput }),
  'GET /api/investor/data-requests/:id/archive': investor(file()),
  'GET /api/data-requests': admin(json<{ requests: DataRequest[] }>()),
  'POST /api/data-requests/:id/answer': admin(json<{ request: DataRequest }>(), { body: answerDataRequestInput }),
  // FATCA / CRS tax self-certification (issue 31 part 3, decision record 049)
  'GET /api/investor/tax': investor(json<{ tax: TaxState }>()),
  'POST /api/investor/tax/certifications': investor(json<{ tax: TaxState }>(), { body: certificationInput }),
  'PUT /api/investor/tax/residence': investor(json<{ tax: TaxState }>(), { body: residenceChangeInput }),
  'GET /api/tax/investors/:id': admin(json<{ tax: TaxState }>()),
  'GET /api/tax/export.csv': admin(file(), { query: exportQuery }),
  // Signed webhooks (issue 34 part 2, decision 047): founders register endpoints, see deliveries, redeliver
  'GET /api/webhooks': founder(json<{ endpoints: WebhookEndpoint[] }>()),
  'POST /api/webhooks': founder(json<WebhookWithSecret>(), { body: webhookCreateInput }),
  'PATCH /api/webhooks/:id': founder(json<{ endpoint: WebhookEndpoint }>(), { body: webhookUpdateInput }),
  'POST /api/webhooks/:id/rotate-secret': founder(json<WebhookWithSecret>()),
  'GET /api/webhooks/:id/deliveries': founder(json<{ deliveries: WebhookDelivery[] }>()),
  'POST /api/webhooks/:id/test': founder(json<{ delivery: WebhookDelivery }>()),
  'POST /api/webhooks/deliveries/:id/redeliver': founder(json<{ delivery: WebhookDelivery }>()),

  // Risk rating and periodic KYC refresh (issue 31 part 4, decision record 050)
  'GET /api/risk/investors/:id': admin(json<AdminInvestorRisk>()),
  'POST /api/risk/investors/:id/override': admin(json<AdminInvestorRisk>(), { body: riskOverrideInput }),
  'GET /api/kyc-refreshes': admin(json<{ refreshes: KycRefreshQueueItem[] }>()),
  'POST /api/kyc-refreshes/:id/approve': admin(json<AdminInvestorRisk>(), { body: kycRefreshDecisionInput }),
  'GET /api/investor/kyc-refresh': investor(json<InvestorKycRefresh>()),
  'POST /api/investor/kyc-refresh': investor(json<InvestorKycRefresh>(), { body: kycRefreshInput }),

  // Retention (issue 33 part 2, decision 054): the policy per record kind (founders and legal change
  // it), the list of investors past retention, the four-eyes purge (proposed by one admin, approved by another)
  'GET /api/retention': admin(json<RetentionOverview>()),
  'PUT /api/retention/policy': admin(json<{ policy: RetentionPolicy }>(), { body: retentionPolicyBody }),
  'POST /api/retention/review': admin(json<RetentionOverview>()),
  'POST /api/retention/investors/:id/purge': admin(json<{ purge: RetentionPurge }>()),
  'POST /api/retention/purges/:id/approve': admin(json<{ purge: RetentionPurge }>()),
  'POST /api/retention/purges/:id/withdraw': admin(json<{ purge: RetentionPurge }>()),

  // This table as an OpenAPI 3.1 document (src/shared/api/openapi.ts)
  'GET /api/openapi.json': admin(json<OpenApiDocument>()),
} as const satisfies Record<string, RouteEntry>;

export type ApiRoutes = typeof API;
export type RouteKey = keyof ApiRoutes;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The successful answer of a route, e.g. `ApiResponse<'GET /api/deals/:id'>`. */
export type ApiResponse<K extends RouteKey> = ApiRoutes[K] extends Returns<infer T> ? T : never;

type EntrySchema<K extends RouteKey, F extends 'query' | 'body'> = ApiRoutes[K] extends { readonly [P in F]: infer S extends ZodType }
  ? S
  : undefined;

/**
 * What a client sends as the body of a route: the schema's input, form data for an upload, the
 * declared type of a body the route parses itself, or nothing (an empty object at most).
 */
export type ApiBody<K extends RouteKey> =
  EntrySchema<K, 'body'> extends ZodType
    ? z.input<EntrySchema<K, 'body'>>
    : ApiRoutes[K] extends { readonly multipart: true }
      ? FormData
      : ApiRoutes[K] extends { readonly sends: Returns<infer T> }
        ? T
        : Record<string, never>;
/** The query string a client sends (the schema's input). */
export type ApiQuery<K extends RouteKey> = EntrySchema<K, 'query'> extends ZodType ? z.input<EntrySchema<K, 'query'>> : undefined;
/** The body a handler receives, parsed by the route's schema (the schema's output). */
export type ParsedBody<K extends RouteKey> = EntrySchema<K, 'body'> extends ZodType ? z.output<EntrySchema<K, 'body'>> : unknown;
/** The query a handler receives, parsed by the route's schema. */
export type ParsedQuery<K extends RouteKey> = EntrySchema<K, 'query'> extends ZodType ? z.output<EntrySchema<K, 'query'>> : unknown;

/** Every route of the table with its entry, for code that walks it (the catalogue, OpenAPI). */
export const ROUTES = Object.entries(API) as [RouteKey, RouteEntry][];

/** The `:name` placeholders of a route path, in order. */
export const paramNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => String(m[1]));

/**
 * The schemas of a route's path parameters, by name: the entry's own `params`, else PATH_PARAMS
 * (src/shared/api/path-params.ts). Throws for a parameter with neither, so a route whose
 * parameter has no schema cannot be registered (nor documented).
 */
export function pathParams(key: string, entry: RouteEntry): Record<string, ZodType<string>> {
  const path = key.split(' ')[1] ?? '';
  const own = entry.params ?? {};
  const out: Record<string, ZodType<string>> = {};
  for (const name of paramNames(path)) {
    const schema = own[name] ?? (PATH_PARAMS as Record<string, ZodType<string>>)[name];
    if (!schema) throw new Error(`${key}: the path parameter :${name} has no schema (src/shared/api/path-params.ts)`);
    out[name] = schema;
  }
  for (const name of Object.keys(own)) if (!(name in out)) throw new Error(`${key}: params names :${name}, which the path has not`);
  return out;
}

/** The route paths (with `:param` placeholders) registered for a method. */
export type RoutePath<M extends HttpMethod> = { [K in RouteKey]: K extends `${M} ${infer P}` ? P : never }[RouteKey];
