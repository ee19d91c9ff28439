import type { ActivityLogPage } from '../activity.ts';
import type { AppUser, SignInResult, TwoFactorSetup, TwoFactorStatus } from '../auth.ts';
import type { CallChoices, CallPlan } from '../call-targets.ts';
import type { CompanyProfile } from '../company-profile.ts';
import type { ComplianceItem, ComplianceOverview } from '../compliance.ts';
import type { DashboardData } from '../dashboard.ts';
import type { DealTermsData, DealWaterfallSummary, InvestorDealTerms, WaterfallPreview } from '../deal-terms.ts';
import type { Deal, DealDetail, DealOption, DealPipeline, DealStagePage } from '../deals.ts';
import type { VaultDocument } from '../documents.ts';
import type { NotificationPreferences, NotificationTopic, OutboxEntry, OutboxPage, TestEmailResult } from '../email.ts';
import type { EmailChangeRequested } from '../email-address.ts';
import type { Digits } from '../i18n/languages.ts';
import type { KycDetail, KycList } from '../kyc.ts';
import type { CapitalCall, DealLedger, GeneratedStatement, InvestorCallNotice, LedgerEntry, StatementRun } from '../ledger.ts';
import type { ManagementFeeCharge, ManagementFeeData, ManagementFeePreview } from '../management-fee.ts';
import type { PasswordPolicyInfo } from '../password-policy.ts';
import type {
  DistributionCalendar,
  DistributionEvent,
  InvestorComplianceData,
  InvestorDashboardData,
  InvestorDeal,
  MessageThread,
  PerformanceData,
  Subscription,
  ThreadList,
  Valuation,
} from '../portal.ts';
import type { Language, Settings } from '../settings.ts';
import type { Spv } from '../spvs.ts';
import type { ManagedUser } from '../users.ts';

/**
 * The API contract: every route the server registers, by method and path, with the type of its
 * successful JSON answer (decision 019). The server registers its routes through
 * `typedRoutes(app)` (src/server/http/typed-routes.ts), which checks each handler's answer
 * against this table; the web calls `apiGet`/`apiSend` (src/web/lib/api.ts), which take the
 * answer's type from it. `api-contract.test.ts` fails when a route has no entry here, or an
 * entry matches no route.
 *
 * The values exist only so the table can be listed at run time; the types are the contract.
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
const file = (): Returns<FileBody> => ({ kind: 'file' });

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
  'GET /api/health': json<HealthStatus>(),
  'GET /api/company': json<{ profile: CompanyProfile }>(),

  // Sign-in, sessions, passwords, two-factor
  'POST /api/auth/sign-up': json<MessageResponse>(),
  'POST /api/auth/sign-in': json<SignInResult>(),
  'POST /api/auth/sign-out': json<MessageResponse>(),
  'GET /api/auth/session': json<SignInResult>(),
  'GET /api/auth/me': json<SessionResponse>(),
  'POST /api/auth/change-password': json<MessageResponse>(),
  'PUT /api/auth/language': json<{ language: Language | null; digits: Digits }>(),
  'GET /api/auth/password-policy': json<PasswordPolicyInfo>(),
  'POST /api/auth/two-factor/verify': json<SignInResult>(),
  'GET /api/auth/two-factor': json<TwoFactorStatus>(),
  'POST /api/auth/two-factor/setup': json<TwoFactorSetup>(),
  'POST /api/auth/two-factor/confirm': json<{ recoveryCodes: string[] }>(),
  'POST /api/auth/forgot-password': json<MessageResponse>(),
  'POST /api/auth/reset-password/check': json<{ valid: true }>(),
  'POST /api/auth/reset-password': json<MessageResponse>(),
  'POST /api/auth/confirm-email': json<{ message: string; email: string }>(),

  // Deals
  'GET /api/deals': json<DealPipeline | DealStagePage>(),
  'GET /api/deals/options': json<{ deals: DealOption[] }>(),
  'POST /api/deals': json<{ deal: Deal }>(),
  'GET /api/deals/:id': json<DealDetail>(),
  'PATCH /api/deals/:id': json<{ deal: Deal }>(),
  'POST /api/deals/:id/valuations': json<{ valuations: Valuation[] }>(),
  'POST /api/deals/:id/move': json<{ deal: Deal }>(),

  // SPVs
  'GET /api/spvs': json<{ spvs: Spv[] }>(),
  'POST /api/spvs': json<{ spv: Spv }>(),
  'PATCH /api/spvs/:id': json<{ spv: Spv }>(),
  'POST /api/spvs/:id/file-return': json<{ annualReturnDue: string }>(),

  // Document vault
  'GET /api/documents': json<{ documents: VaultDocument[] }>(),
  'POST /api/documents': json<{ document: VaultDocument }>(),
  'GET /api/documents/:id/view': file(),
  'GET /api/documents/:id/download': file(),
  'PATCH /api/documents/:id': json<{ document: VaultDocument }>(),
  'DELETE /api/documents/:id': json<MessageResponse>(),

  // User management
  'GET /api/users': json<{ users: ManagedUser[] }>(),
  'POST /api/users': json<{ user: ManagedUser }>(),
  'PATCH /api/users/:id': json<{ user: ManagedUser }>(),
  'DELETE /api/users/:id': json<MessageResponse>(),
  'POST /api/users/:id/reset-password': json<{ temporaryPassword: string }>(),
  'POST /api/users/:id/reset-two-factor': json<MessageResponse>(),
  'POST /api/users/:id/email': json<EmailChangeRequested>(),

  // Activity logs, dashboard, settings
  'GET /api/activity-logs': json<ActivityLogPage>(),
  'GET /api/dashboard': json<DashboardData>(),
  'GET /api/settings': json<{ settings: Settings }>(),
  'PUT /api/settings': json<{ settings: Settings }>(),

  // KYC
  'GET /api/kyc/me': json<{ application: KycDetail }>(),
  'POST /api/kyc/me/documents/:kind': json<{ application: KycDetail }>(),
  'POST /api/kyc/me/submit': json<{ application: KycDetail }>(),
  'GET /api/kyc/me/documents/:kind/view': file(),
  'GET /api/kyc/me/documents/:kind/download': file(),
  'GET /api/kyc/:id/documents/:kind/view': file(),
  'GET /api/kyc/:id/documents/:kind/download': file(),
  'GET /api/kyc': json<KycList>(),
  'GET /api/kyc/:id': json<{ application: KycDetail }>(),
  'POST /api/kyc/:id/approve': json<{ application: KycDetail }>(),
  'POST /api/kyc/:id/reject': json<{ application: KycDetail }>(),

  // Compliance calendar
  'GET /api/compliance': json<ComplianceOverview>(),
  'POST /api/compliance': json<{ item: ComplianceItem }>(),
  'PATCH /api/compliance/:id': json<{ item: ComplianceItem }>(),
  'POST /api/compliance/:id/start': json<{ item: ComplianceItem }>(),
  'POST /api/compliance/:id/complete': json<{ item: ComplianceItem; next: ComplianceItem | null }>(),

  // Subscriptions
  'GET /api/investor/subscriptions': json<{ subscriptions: Subscription[] }>(),
  'POST /api/investor/subscriptions': json<{ subscription: Subscription }>(),
  'POST /api/investor/subscriptions/:id/cancel': json<{ subscription: Subscription }>(),
  'GET /api/subscriptions': json<{ subscriptions: Subscription[] }>(),
  'POST /api/subscriptions/:id/review': json<{ subscription: Subscription }>(),
  'POST /api/subscriptions/:id/complete': json<{ subscription: Subscription }>(),
  'POST /api/subscriptions/:id/reject': json<{ subscription: Subscription }>(),

  // Distributions and the waterfall
  'GET /api/distributions': json<{ events: DistributionEvent[] }>(),
  'POST /api/distributions': json<{ event: DistributionEvent }>(),
  'POST /api/distributions/:id/pay': json<{ event: DistributionEvent }>(),
  'POST /api/distributions/preview': json<{ preview: WaterfallPreview }>(),
  'GET /api/distributions/waterfall': json<{ deals: DealWaterfallSummary[] }>(),
  'GET /api/investor/distributions': json<DistributionCalendar>(),
  'GET /api/deals/:id/terms': json<DealTermsData>(),
  'PUT /api/deals/:id/terms': json<DealTermsData>(),
  'GET /api/investor/deal-terms': json<{ deals: InvestorDealTerms[] }>(),
  'GET /api/deals/:id/management-fees': json<ManagementFeeData>(),
  'POST /api/deals/:id/management-fees/preview': json<{ preview: ManagementFeePreview }>(),
  'POST /api/deals/:id/management-fees': json<{ charge: ManagementFeeCharge; fees: ManagementFeeData }>(),

  // Capital calls, the ledger, statements
  'GET /api/capital-calls': json<{ calls: CapitalCall[] }>(),
  'POST /api/capital-calls': json<{ call: CapitalCall }>(),
  'POST /api/capital-calls/preview': json<{ plan: CallPlan }>(),
  'GET /api/deals/:id/call-choices': json<{ choices: CallChoices }>(),
  'GET /api/capital-calls/:id': json<{ call: CapitalCall }>(),
  'POST /api/capital-calls/:id/receipts': json<{ call: CapitalCall }>(),
  'GET /api/deals/:id/ledger': json<{ ledger: DealLedger }>(),
  'POST /api/deals/:id/fees': json<{ ledger: DealLedger }>(),
  'POST /api/ledger/:id/reverse': json<{ entry: LedgerEntry }>(),
  'GET /api/investors/:id/statement': file(),
  'POST /api/statement-runs': json<{ run: StatementRun }>(),
  'GET /api/statement-runs/:id': json<{ run: StatementRun }>(),
  'GET /api/investor/capital-calls': json<{ notices: InvestorCallNotice[] }>(),
  'GET /api/investor/capital-calls/:id/notice': file(),
  'GET /api/investor/statement': file(),
  'GET /api/investor/statements': json<{ statements: GeneratedStatement[] }>(),

  // Secure messages
  'GET /api/investor/messages': json<ThreadList>(),
  'POST /api/investor/messages': json<{ threadId: string }>(),
  'GET /api/investor/messages/:id': json<{ thread: MessageThread }>(),
  'POST /api/investor/messages/:id/read': json<MessageResponse>(),
  'POST /api/investor/messages/:id/reply': json<{ threadId: string }>(),
  'GET /api/investor/messages/attachments/:id': file(),
  'GET /api/investor/messages/unread-count': json<{ unread: number }>(),
  'GET /api/messages': json<ThreadList>(),
  'GET /api/messages/unread-count': json<{ unread: number }>(),
  'POST /api/messages': json<{ threadId: string }>(),
  'GET /api/messages/:id': json<{ thread: MessageThread }>(),
  'POST /api/messages/:id/read': json<MessageResponse>(),
  'POST /api/messages/:id/reply': json<{ threadId: string }>(),
  'GET /api/messages/attachments/:id': file(),

  // The investor portal
  'GET /api/investor/dashboard': json<InvestorDashboardData>(),
  'GET /api/investor/deals': json<{ deals: InvestorDeal[] }>(),
  'GET /api/investor/performance': json<PerformanceData>(),
  'GET /api/investor/compliance': json<InvestorComplianceData>(),
  'POST /api/investor/suitability-review': json<InvestorComplianceData>(),
  'GET /api/investor/documents/:id/view': file(),
  'GET /api/investor/documents/:id/download': file(),

  // E-mail: preferences, unsubscribe, the outbox
  'GET /api/me/notifications': json<{ preferences: NotificationPreferences }>(),
  'PUT /api/me/notifications': json<{ preferences: NotificationPreferences }>(),
  'POST /api/notifications/unsubscribe': json<MessageResponse & { topic: NotificationTopic }>(),
  'GET /api/email/outbox': json<OutboxPage>(),
  'POST /api/email/outbox/:id/retry': json<{ entry: OutboxEntry }>(),
  'POST /api/email/test': json<TestEmailResult>(),
} as const satisfies Record<string, Pick<Returns<never>, 'kind'>>;

export type ApiRoutes = typeof API;
export type RouteKey = keyof ApiRoutes;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The successful answer of a route, e.g. `ApiResponse<'GET /api/deals/:id'>`. */
export type ApiResponse<K extends RouteKey> = ApiRoutes[K] extends Returns<infer T> ? T : never;

/** The route paths (with `:param` placeholders) registered for a method. */
export type RoutePath<M extends HttpMethod> = { [K in RouteKey]: K extends `${M} ${infer P}` ? P : never }[RouteKey];
