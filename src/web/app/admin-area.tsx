import {
  Activity,
  Building2,
  FileText,
  HandCoins,
  Inbox,
  Landmark,
  LayoutDashboard,
  Settings,
  ShieldCheck,
  UserCheck,
  Users,
  Waypoints,
} from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../components/ui/spinner';
import { useUnreadCount } from '../features/messages/api';
import { common } from '../lib/i18n';
import { AppShell, type NavItem } from './app-shell';
import { Screen } from './screen';

// Each screen is a chunk of its own, loaded when first opened: the area's first load carries only
// the shell and the screen it opens on (issue 8's 300 KB budget for a signed-in area).
const ActivityLogsPage = lazy(() => import('../features/activity-logs/activity-logs-page'));
const AdminDashboardPage = lazy(() => import('../features/admin-dashboard/admin-dashboard-page'));
const CallDetailPage = lazy(() => import('../features/capital-calls/call-detail-page'));
const CapitalCallsPage = lazy(() => import('../features/capital-calls/capital-calls-page'));
const ComplianceCenterPage = lazy(() => import('../features/compliance/compliance-center-page'));
const DealDetailPage = lazy(() => import('../features/deals/deal-detail-page'));
const NewDealPage = lazy(() => import('../features/deals/new-deal-page'));
const PipelinePage = lazy(() => import('../features/deals/pipeline-page'));
const DistributionWaterfallPage = lazy(() => import('../features/distributions/distribution-waterfall-page'));
const DocumentVaultPage = lazy(() => import('../features/documents/document-vault-page'));
const InvestorOnboardingPage = lazy(() => import('../features/kyc/investor-onboarding-page'));
const AdminInboxPage = lazy(() => import('../features/messages/admin-inbox-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const SpvTrackerPage = lazy(() => import('../features/spvs/spv-tracker-page'));
const AdminSubscriptionsPanel = lazy(() =>
  import('../features/subscriptions/admin-subscriptions-panel').then((m) => ({ default: m.AdminSubscriptionsPanel })),
);
const UserManagementPage = lazy(() => import('../features/users/user-management-page'));

/** The admin sidebar of spec section 2, in the spec's order; later issues append their items. */
export const ADMIN_NAV: NavItem[] = [
  { labelKey: 'dashboard', to: '/admin', icon: LayoutDashboard, end: true },
  { labelKey: 'dealPipeline', to: '/admin/deals', icon: Waypoints },
  { labelKey: 'spvTracker', to: '/admin/spv-tracker', icon: Building2 },
  { labelKey: 'documentVault', to: '/admin/documents', icon: FileText },
  { labelKey: 'investorOnboarding', to: '/admin/investors', icon: UserCheck },
  { labelKey: 'complianceCenter', to: '/admin/compliance', icon: ShieldCheck },
  { labelKey: 'distributionWaterfall', to: '/admin/distributions', icon: Landmark },
  { labelKey: 'userManagement', to: '/admin/users', icon: Users },
  { labelKey: 'settings', to: '/admin/settings', icon: Settings },
  { labelKey: 'activityLogs', to: '/admin/activity-logs', icon: Activity },
  { labelKey: 'messages', to: '/admin/messages', icon: Inbox },
  { labelKey: 'capitalCalls', to: '/admin/capital-calls', icon: HandCoins },
];

export default function AdminArea() {
  const { t } = common.useT();
  const unread = useUnreadCount('admin').data ?? 0;
  const nav = useMemo(
    () =>
      ADMIN_NAV.map((item) =>
        item.to === '/admin/messages' && unread > 0
          ? { ...item, badge: { value: unread, label: common.t('nav.unread', { count: unread }) } }
          : item,
      ),
    [unread],
  );
  return (
    <AppShell areaLabel={t('shell.adminArea')} nav={nav} defaultTypeLabel={t('enum.role.admin')}>
      <Routes>
        <Route
          index
          element={
            <Screen id="index">
              <AdminDashboardPage />
            </Screen>
          }
        />
        <Route
          path="deals"
          element={
            <Screen id="deals">
              <PipelinePage />
            </Screen>
          }
        />
        <Route
          path="deals/new"
          element={
            <Screen id="deals/new">
              <NewDealPage />
            </Screen>
          }
        />
        <Route
          path="deals/:id"
          element={
            <Screen id="deals/:id">
              <DealDetailPage />
            </Screen>
          }
        />
        <Route
          path="spv-tracker"
          element={
            <Screen id="spv-tracker">
              <SpvTrackerPage />
            </Screen>
          }
        />
        <Route
          path="documents"
          element={
            <Screen id="documents">
              <DocumentVaultPage />
            </Screen>
          }
        />
        <Route
          path="investors"
          element={
            <Screen id="investors">
              <InvestorOnboardingPage
                subscriptionsPanel={
                  <Suspense fallback={<PageLoading />}>
                    <AdminSubscriptionsPanel />
                  </Suspense>
                }
              />
            </Screen>
          }
        />
        <Route
          path="compliance"
          element={
            <Screen id="compliance">
              <ComplianceCenterPage />
            </Screen>
          }
        />
        <Route
          path="distributions"
          element={
            <Screen id="distributions">
              <DistributionWaterfallPage />
            </Screen>
          }
        />
        <Route
          path="users"
          element={
            <Screen id="users">
              <UserManagementPage />
            </Screen>
          }
        />
        <Route
          path="settings"
          element={
            <Screen id="settings">
              <SettingsPage />
            </Screen>
          }
        />
        <Route
          path="activity-logs"
          element={
            <Screen id="activity-logs">
              <ActivityLogsPage />
            </Screen>
          }
        />
        <Route
          path="messages"
          element={
            <Screen id="messages">
              <AdminInboxPage />
            </Screen>
          }
        />
        <Route
          path="capital-calls"
          element={
            <Screen id="capital-calls">
              <CapitalCallsPage />
            </Screen>
          }
        />
        <Route
          path="capital-calls/:id"
          element={
            <Screen id="capital-calls/:id">
              <CallDetailPage />
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
