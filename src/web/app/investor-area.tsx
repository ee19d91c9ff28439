import {
  CalendarDays,
  FileSpreadsheet,
  FolderLock,
  HandCoins,
  LayoutDashboard,
  LineChart,
  MessageSquareLock,
  ScrollText,
  ShieldCheck,
} from 'lucide-react';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import InvestorCallsPage from '../features/capital-account/investor-calls-page';
import StatementsPage from '../features/capital-account/statements-page';
import DistributionCalendarPage from '../features/distributions/distribution-calendar-page';
import DfsaCompliancePage from '../features/investor-compliance/dfsa-compliance-page';
import InvestorDashboardPage from '../features/investor-dashboard/investor-dashboard-page';
import DealVaultPage from '../features/investor-deals/deal-vault-page';
import { KycCallToAction } from '../features/kyc/kyc-cta-card';
import { useUnreadCount } from '../features/messages/api';
import InvestorMessagesPage from '../features/messages/investor-messages-page';
import NotFoundPage from '../features/not-found/not-found-page';
import PerformancePage from '../features/performance/performance-page';
import ProfilePage from '../features/profile/profile-page';
import SubscriptionPortalPage from '../features/subscriptions/subscription-portal-page';
import { common } from '../lib/i18n';
import { AppShell, type NavItem } from './app-shell';

/** The investor navigation of spec section 2, in the spec's order. */
export const INVESTOR_NAV: NavItem[] = [
  { labelKey: 'dashboard', to: '/investor', icon: LayoutDashboard, end: true },
  { labelKey: 'dealVault', to: '/investor/deals', icon: FolderLock },
  { labelKey: 'subscriptionPortal', to: '/investor/subscriptions', icon: ScrollText },
  { labelKey: 'performanceDashboard', to: '/investor/performance', icon: LineChart },
  { labelKey: 'distributionCalendar', to: '/investor/distributions', icon: CalendarDays },
  { labelKey: 'secureMessages', to: '/investor/messages', icon: MessageSquareLock },
  { labelKey: 'dfsaCompliance', to: '/investor/compliance', icon: ShieldCheck },
  { labelKey: 'capitalCalls', to: '/investor/capital-calls', icon: HandCoins },
  { labelKey: 'statements', to: '/investor/statements', icon: FileSpreadsheet },
];

export default function InvestorArea() {
  const { t } = common.useT();
  // Unread secure messages as a badge on their item, as in the admin sidebar.
  const unread = useUnreadCount('investor').data ?? 0;
  const nav = useMemo(
    () =>
      INVESTOR_NAV.map((item) =>
        item.to === '/investor/messages' && unread > 0
          ? { ...item, badge: { value: unread, label: common.t('nav.unread', { count: unread }) } }
          : item,
      ),
    [unread],
  );
  return (
    <AppShell areaLabel={t('shell.investorArea')} nav={nav} defaultTypeLabel={t('enum.role.investor')}>
      <Routes>
        <Route index element={<InvestorDashboardPage kycCallToAction={<KycCallToAction />} />} />
        <Route path="deals" element={<DealVaultPage />} />
        <Route path="subscriptions" element={<SubscriptionPortalPage />} />
        <Route path="performance" element={<PerformancePage />} />
        <Route path="distributions" element={<DistributionCalendarPage />} />
        <Route path="messages" element={<InvestorMessagesPage />} />
        <Route path="compliance" element={<DfsaCompliancePage />} />
        <Route path="capital-calls" element={<InvestorCallsPage />} />
        <Route path="statements" element={<StatementsPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage embedded />} />
      </Routes>
    </AppShell>
  );
}
