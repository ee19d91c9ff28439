/**
 * Typed translation keys (decision record 021): `t('…')` only compiles with a key the English
 * catalogue has. Type-only imports: nothing here is bundled.
 */
import 'i18next';
import type activityLogs from '../shared/i18n/en/activity-logs.json';
import type adminDashboard from '../shared/i18n/en/admin-dashboard.json';
import type auditTrail from '../shared/i18n/en/audit-trail.json';
import type auth from '../shared/i18n/en/auth.json';
import type capitalAccount from '../shared/i18n/en/capital-account.json';
import type capitalCalls from '../shared/i18n/en/capital-calls.json';
import type classification from '../shared/i18n/en/classification.json';
import type clawbackPayments from '../shared/i18n/en/clawback-payments.json';
import type common from '../shared/i18n/en/common.json';
import type compliance from '../shared/i18n/en/compliance.json';
import type deals from '../shared/i18n/en/deals.json';
import type distributions from '../shared/i18n/en/distributions.json';
import type documents from '../shared/i18n/en/documents.json';
import type email from '../shared/i18n/en/email.json';
import type errors from '../shared/i18n/en/errors.json';
import type escrowPayouts from '../shared/i18n/en/escrow-payouts.json';
import type evidence from '../shared/i18n/en/evidence.json';
import type feeds from '../shared/i18n/en/feeds.json';
import type investorCompliance from '../shared/i18n/en/investor-compliance.json';
import type investorDashboard from '../shared/i18n/en/investor-dashboard.json';
import type investorDeals from '../shared/i18n/en/investor-deals.json';
import type jobs from '../shared/i18n/en/jobs.json';
import type kyc from '../shared/i18n/en/kyc.json';
import type landing from '../shared/i18n/en/landing.json';
import type messages from '../shared/i18n/en/messages.json';
import type notFound from '../shared/i18n/en/not-found.json';
import type ownership from '../shared/i18n/en/ownership.json';
import type packEditor from '../shared/i18n/en/pack-editor.json';
import type performance from '../shared/i18n/en/performance.json';
import type profile from '../shared/i18n/en/profile.json';
import type records from '../shared/i18n/en/records.json';
import type retention from '../shared/i18n/en/retention.json';
import type risk from '../shared/i18n/en/risk.json';
import type screening from '../shared/i18n/en/screening.json';
import type settings from '../shared/i18n/en/settings.json';
import type signing from '../shared/i18n/en/signing.json';
import type signingAdmin from '../shared/i18n/en/signing-admin.json';
import type signingSettings from '../shared/i18n/en/signing-settings.json';
import type spvs from '../shared/i18n/en/spvs.json';
import type subscriptions from '../shared/i18n/en/subscriptions.json';
import type tax from '../shared/i18n/en/tax.json';
import type unitsSplit from '../shared/i18n/en/units-split.json';
import type users from '../shared/i18n/en/users.json';
import type waterfallConventions from '../shared/i18n/en/waterfall-conventions.json';
import type webhooks from '../shared/i18n/en/webhooks.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      email: typeof email;
      'activity-logs': typeof activityLogs;
      'admin-dashboard': typeof adminDashboard;
      'audit-trail': typeof auditTrail;
      records: typeof records;
      retention: typeof retention;
      evidence: typeof evidence;
      auth: typeof auth;
      'capital-account': typeof capitalAccount;
      'capital-calls': typeof capitalCalls;
      classification: typeof classification;
      compliance: typeof compliance;
      deals: typeof deals;
      distributions: typeof distributions;
      documents: typeof documents;
      'investor-compliance': typeof investorCompliance;
      'investor-dashboard': typeof investorDashboard;
      'investor-deals': typeof investorDeals;
      jobs: typeof jobs;
      kyc: typeof kyc;
      landing: typeof landing;
      ownership: typeof ownership;
      messages: typeof messages;
      'not-found': typeof notFound;
      performance: typeof performance;
      feeds: typeof feeds;
      profile: typeof profile;
      risk: typeof risk;
      screening: typeof screening;
      tax: typeof tax;
      settings: typeof settings;
      signing: typeof signing;
      'pack-editor': typeof packEditor;
      'signing-admin': typeof signingAdmin;
      'signing-settings': typeof signingSettings;
      spvs: typeof spvs;
      subscriptions: typeof subscriptions;
      'units-split': typeof unitsSplit;
      'escrow-payouts': typeof escrowPayouts;
      'clawback-payments': typeof clawbackPayments;
      users: typeof users;
      'waterfall-conventions': typeof waterfallConventions;
      webhooks: typeof webhooks;
    };
  }
}
