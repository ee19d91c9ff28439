import {

  Building2,
  FileText,
  Landmark,
  LayoutDashboard,
  Settings,
  ShieldCheck,
  UserCheck,
  Users,
  Waypoints,
} from 'lucide-react';
import { Route, Routes } from 'react-router';
import AdminDashboardPage from '../features/admin-dashboard/admin-dashboard-page';
import NotFoundPage from '../features/not-found/not-found-page';
import { AppShell, ComingSoon, type NavItem } from './app-shell';

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
];

export default function AdminArea() {
  return (
    <AppShell areaLabel="Admin" nav={ADMIN_NAV} defaultTypeLabel="Admin">
      <Routes>
        <Route index element={<AdminDashboardPage />} />
        <Route path="deals" element={<ComingSoon title="Deal Pipeline" note="The deal pipeline arrives with the deals and documents release." />} />
        <Route path="spv-tracker" element={<ComingSoon title="SPV Firewall Tracker" note="SPV tracking arrives with the deals and documents release." />} />
        <Route path="documents" element={<ComingSoon title="Document Vault" note="The document vault arrives with the deals and documents release." />} />
        <Route path="investors" element={<ComingSoon title="Investor Onboarding" note="KYC review arrives with the onboarding release." />} />
        <Route path="compliance" element={<ComingSoon title="Compliance Center" note="The compliance tracker arrives with the onboarding release." />} />
        <Route path="distributions" element={<ComingSoon title="Distribution Waterfall" note="Distributions arrive with the investor portal release." />} />
        <Route path="users" element={<ComingSoon title="User Management" note="User administration arrives with the user management release." />} />
        <Route path="settings" element={<ComingSoon title="Settings" note="Persisted settings arrive with the user management release." />} />
        <Route path="activity-logs" element={<ComingSoon title="Activity Logs" note="The activity log viewer arrives with the user management release." />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppShell>
  );
}
