import { Route, Routes } from 'react-router';
import InvestorCallsPage from '../features/capital-account/investor-calls-page';
import StatementsPage from '../features/capital-account/statements-page';
import DistributionCalendarPage from '../features/distributions/distribution-calendar-page';
import DfsaCompliancePage from '../features/investor-compliance/dfsa-compliance-page';
import DealVaultPage from '../features/investor-deals/deal-vault-page';
import InvestorMessagesPage from '../features/messages/investor-messages-page';
import NotFoundPage from '../features/not-found/not-found-page';
import PerformancePage from '../features/performance/performance-page';
import ProfilePage from '../features/profile/profile-page';
import SignPage from '../features/signing/sign-page';
import SubscriptionPortalPage from '../features/subscriptions/subscription-portal-page';

/** Every investor screen but the dashboard: one chunk, loaded on the first step off the dashboard. */
export default function InvestorScreens() {
  return (
    <Routes>
      <Route path="deals" element={<DealVaultPage />} />
      <Route path="subscriptions" element={<SubscriptionPortalPage />} />
      <Route path="subscriptions/:id/sign" element={<SignPage />} />
      <Route path="performance" element={<PerformancePage />} />
      <Route path="distributions" element={<DistributionCalendarPage />} />
      <Route path="messages" element={<InvestorMessagesPage />} />
      <Route path="compliance" element={<DfsaCompliancePage />} />
      <Route path="capital-calls" element={<InvestorCallsPage />} />
      <Route path="statements" element={<StatementsPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
