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
import { lazy, Suspense, useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { useUnreadCount } from '../features/messages/api';
import { common } from '../lib/i18n';
import { AppShell, type NavItem } from './app-shell';
import { Screen } from './screen';

// Each screen is a chunk of its own, loaded when first opened: the area's first load carries only
// the shell and the screen it opens on (issue 8's 300 KB budget for a signed-in area).
const InvestorCallsPage = lazy(() => import('../features/capital-account/investor-calls-page'));
const StatementsPage = lazy(() => import('../features/capital-account/statements-page'));
const DistributionCalendarPage = lazy(() => import('../features/distributions/distribution-calendar-page'));
const DfsaCompliancePage = lazy(() => import('../features/investor-compliance/dfsa-compliance-page'));
const InvestorDashboardPage = lazy(() => import('../features/investor-dashboard/investor-dashboard-page'));
const DealVaultPage = lazy(() => import('../features/investor-deals/deal-vault-page'));
const KycCallToAction = lazy(() => import('../features/kyc/kyc-cta-card').then((m) => ({ default: m.KycCallToAction })));
const InvestorMessagesPage = lazy(() => import('../features/messages/investor-messages-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const PerformancePage = lazy(() => import('../features/performance/performance-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const SubscriptionPortalPage = lazy(() => import('../features/subscriptions/subscription-portal-page'));

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
        <Route
          index
          element={
            <Screen id="index">
              <InvestorDashboardPage
                kycCallToAction={
                  <Suspense fallback={null}>
                    <KycCallToAction />
                  </Suspense>
                }
              />
            </Screen>
          }
        />
        <Route
          path="deals"
          element={
            <Screen id="deals">
              <DealVaultPage />
            </Screen>
          }
        />
        <Route
          path="subscriptions"
          element={
            <Screen id="subscriptions">
              <SubscriptionPortalPage />
            </Screen>
          }
        />
        <Route
          path="performance"
          element={
            <Screen id="performance">
              <PerformancePage />
            </Screen>
          }
        />
        <Route
          path="distributions"
          element={
            <Screen id="distributions">
              <DistributionCalendarPage />
            </Screen>
          }
        />
        <Route
          path="messages"
          element={
            <Screen id="messages">
              <InvestorMessagesPage />
            </Screen>
          }
        />
        <Route
          path="compliance"
          element={
            <Screen id="compliance">
              <DfsaCompliancePage />
            </Screen>
          }
        />
        <Route
          path="capital-calls"
          element={
            <Screen id="capital-calls">
              <InvestorCallsPage />
            </Screen>
          }
        />
        <Route
          path="statements"
          element={
            <Screen id="statements">
              <StatementsPage />
            </Screen>
          }
        />
        <Route
          path="profile"
          element={
            <Screen id="profile">
              <ProfilePage />
            </Screen>
          }
        />
        <Route
          path="*"
          element={
            <Screen id="*">
              <NotFoundPage embedded />
            </Screen>
          }
        />
      </Routes>
    </AppShell>
  );
}
