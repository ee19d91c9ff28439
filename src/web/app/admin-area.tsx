import {
  Activity,
  Building2,
  Cog,
  FileLock2,
  FileText,
  HandCoins,
  Inbox,
  Landmark,
  LayoutDashboard,
  ScanSearch,
  Settings,
  ShieldCheck,
  UserCheck,
  UserRoundSearch,
  Users,
  Waypoints,
  Webhook,
} from 'lucide-react';
import { lazy, useMemo } from 'react';
import { Route, Routes } from 'react-router';
import AdminDashboardPage from '../features/admin-dashboard/admin-dashboard-page';
import { useUnreadCount } from '../features/messages/api';
import { common } from '../lib/i18n';
import { AppShell, type NavItem } from './app-shell';
import { Screens } from './screen';

// The dashboard comes with the area; every other screen is in one chunk loaded when the user
// first leaves the dashboard (or points at a link), so the first load stays within issue 8's
// 300 KB budget (decision record 022).
const loadScreens = () => import('./admin-screens');
const AdminScreens = lazy(loadScreens);

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
  { labelKey: 'auditTrail', to: '/admin/audit-trail', icon: FileLock2 },
  { labelKey: 'dataRequests', to: '/admin/data-requests', icon: UserRoundSearch },
  { labelKey: 'messages', to: '/admin/messages', icon: Inbox },
  { labelKey: 'capitalCalls', to: '/admin/capital-calls', icon: HandCoins },
  { labelKey: 'backgroundJobs', to: '/admin/jobs', icon: Cog },
  { labelKey: 'webhooks', to: '/admin/webhooks', icon: Webhook },
  { labelKey: 'sanctionsScreening', to: '/admin/screening', icon: ScanSearch },
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
    <AppShell areaLabel={t('shell.adminArea')} nav={nav} defaultTypeLabel={t('enum.role.admin')} preload={loadScreens}>
      <Routes>
        <Route index element={<AdminDashboardPage />} />
        <Route
          path="*"
          element={
            <Screens id="admin">
              <AdminScreens />
            </Screens>
          }
        />
      </Routes>
    </AppShell>
  );
}
