import { Route, Routes } from 'react-router';
import ActivityLogsPage from '../features/activity-logs/activity-logs-page';
import AuditTrailPage from '../features/audit-trail/audit-trail-page';
import CallDetailPage from '../features/capital-calls/call-detail-page';
import CapitalCallsPage from '../features/capital-calls/capital-calls-page';
import ComplianceCenterPage from '../features/compliance/compliance-center-page';
import DealDetailPage from '../features/deals/deal-detail-page';
import NewDealPage from '../features/deals/new-deal-page';
import PipelinePage from '../features/deals/pipeline-page';
import DistributionWaterfallPage from '../features/distributions/distribution-waterfall-page';
import DocumentVaultPage from '../features/documents/document-vault-page';
import JobsPage from '../features/jobs/jobs-page';
import InvestorOnboardingPage from '../features/kyc/investor-onboarding-page';
import AdminInboxPage from '../features/messages/admin-inbox-page';
import NotFoundPage from '../features/not-found/not-found-page';
import ProfilePage from '../features/profile/profile-page';
import DataRequestsPage from '../features/records/data-requests-page';
import ScreeningPage from '../features/screening/screening-page';
import SettingsPage from '../features/settings/settings-page';
import { CountersignQueue } from '../features/signing/countersign-queue';
import PackPage from '../features/signing/pack-page';
import SpvTrackerPage from '../features/spvs/spv-tracker-page';
import { AdminSubscriptionsPanel } from '../features/subscriptions/admin-subscriptions-panel';
import UserManagementPage from '../features/users/user-management-page';
import WebhooksPage from '../features/webhooks/webhooks-page';

/** Every admin screen but the dashboard: one chunk, loaded on the first step off the dashboard. */
export default function AdminScreens() {
  return (
    <Routes>
      <Route path="deals" element={<PipelinePage />} />
      <Route path="deals/new" element={<NewDealPage />} />
      <Route path="deals/:id" element={<DealDetailPage />} />
      <Route path="deals/:id/subscription-pack" element={<PackPage />} />
      <Route path="spv-tracker" element={<SpvTrackerPage />} />
      <Route path="documents" element={<DocumentVaultPage />} />
      <Route
        path="investors"
        element={
          <InvestorOnboardingPage
            subscriptionsPanel={
              <>
                <AdminSubscriptionsPanel />
                <CountersignQueue />
              </>
            }
          />
        }
      />
      <Route path="compliance" element={<ComplianceCenterPage />} />
      <Route path="distributions" element={<DistributionWaterfallPage />} />
      <Route path="users" element={<UserManagementPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="activity-logs" element={<ActivityLogsPage />} />
      <Route path="audit-trail" element={<AuditTrailPage />} />
      <Route path="data-requests" element={<DataRequestsPage />} />
      <Route path="messages" element={<AdminInboxPage />} />
      <Route path="capital-calls" element={<CapitalCallsPage />} />
      <Route path="capital-calls/:id" element={<CallDetailPage />} />
      <Route path="jobs" element={<JobsPage />} />
      <Route path="webhooks" element={<WebhooksPage />} />
      <Route path="screening" element={<ScreeningPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
