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
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import ActivityLogsPage from '../features/activity-logs/activity-logs-page';
import AdminDashboardPage from '../features/admin-dashboard/admin-dashboard-page';
import CallDetailPage from '../features/capital-calls/call-detail-page';
import CapitalCallsPage from '../features/capital-calls/capital-calls-page';
import ComplianceCenterPage from '../features/compliance/compliance-center-page';
import DealDetailPage from '../features/deals/deal-detail-page';
import NewDealPage from '../features/deals/new-deal-page';
import PipelinePage from '../features/deals/pipeline-page';
import DistributionWaterfallPage from '../features/distributions/distribution-waterfall-page';
import DocumentVaultPage from '../features/documents/document-vault-page';
import InvestorOnboardingPage from '../features/kyc/investor-onboarding-page';
import AdminInboxPage from '../features/messages/admin-inbox-page';
import { useUnreadCount } from '../features/messages/api';
import NotFoundPage from '../features/not-found/not-found-page';
import ProfilePage from '../features/profile/profile-page';
import SettingsPage from '../features/settings/settings-page';
import SpvTrackerPage from '../features/spvs/spv-tracker-page';
import { AdminSubscriptionsPanel } from '../features/subscriptions/admin-subscriptions-panel';
import UserManagementPage from '../features/users/user-management-page';
import { common } from '../lib/i18n';
import { AppShell, type NavItem } from './app-shell';

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
        <Route index element={<AdminDashboardPage />} />
        <Route path="deals" element={<PipelinePage />} />
        <Route path="deals/new" element={<NewDealPage />} />
        <Route path="deals/:id" element={<DealDetailPage />} />
        <Route path="spv-tracker" element={<SpvTrackerPage />} />
        <Route path="documents" element={<DocumentVaultPage />} />
        <Route path="investors" element={<InvestorOnboardingPage subscriptionsPanel={<AdminSubscriptionsPanel />} />} />
        <Route path="compliance" element={<ComplianceCenterPage />} />
        <Route path="distributions" element={<DistributionWaterfallPage />} />
        <Route path="users" element={<UserManagementPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="activity-logs" element={<ActivityLogsPage />} />
        <Route path="messages" element={<AdminInboxPage />} />
        <Route path="capital-calls" element={<CapitalCallsPage />} />
        <Route path="capital-calls/:id" element={<CallDetailPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage embedded />} />
      </Routes>
    </AppShell>
  );
}
