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
import { AppShell, type NavItem } from './app-shell';

/** The admin sidebar of spec section 2, in the spec's order; later issues append their items. */
export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard, end: true },
  { label: 'Deal Pipeline', to: '/admin/deals', icon: Waypoints },
  { label: 'SPV Firewall Tracker', to: '/admin/spv-tracker', icon: Building2 },
  { label: 'Document Vault', to: '/admin/documents', icon: FileText },
  { label: 'Investor Onboarding', to: '/admin/investors', icon: UserCheck },
  { label: 'Compliance Center', to: '/admin/compliance', icon: ShieldCheck },
  { label: 'Distribution Waterfall', to: '/admin/distributions', icon: Landmark },
  { label: 'User Management', to: '/admin/users', icon: Users },
  { label: 'Settings', to: '/admin/settings', icon: Settings },
  { label: 'Activity Logs', to: '/admin/activity-logs', icon: Activity },
  { label: 'Messages', to: '/admin/messages', icon: Inbox },
  { label: 'Capital Calls', to: '/admin/capital-calls', icon: HandCoins },
];

export default function AdminArea() {
  const unread = useUnreadCount('admin').data ?? 0;
  const nav = useMemo(
    () =>
      ADMIN_NAV.map((item) =>
        item.to === '/admin/messages' && unread > 0 ? { ...item, badge: { value: unread, label: `${unread} unread` } } : item,
      ),
    [unread],
  );
  return (
    <AppShell areaLabel="Admin" nav={nav} defaultTypeLabel="Admin">
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
