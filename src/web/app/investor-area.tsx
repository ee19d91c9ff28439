import { CalendarDays, FolderLock, LayoutDashboard, LineChart, MessageSquareLock, ScrollText, ShieldCheck } from 'lucide-react';
import { Route, Routes } from 'react-router';
import InvestorDashboardPage from '../features/investor-dashboard/investor-dashboard-page';
import NotFoundPage from '../features/not-found/not-found-page';
import { AppShell, ComingSoon, type NavItem } from './app-shell';

/** The investor navigation of spec section 2, in the spec's order. */
export const INVESTOR_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/investor', icon: LayoutDashboard, end: true },
  { label: 'Deal Vault', to: '/investor/deals', icon: FolderLock },
  { label: 'Subscription Portal', to: '/investor/subscriptions', icon: ScrollText },
  { label: 'Performance Dashboard', to: '/investor/performance', icon: LineChart },
  { label: 'Distribution Calendar', to: '/investor/distributions', icon: CalendarDays },
  { label: 'Secure Messages', to: '/investor/messages', icon: MessageSquareLock },
  { label: 'DFSA Compliance', to: '/investor/compliance', icon: ShieldCheck },
];

const soon = (title: string) => <ComingSoon title={title} note="This screen arrives with the investor portal release." />;

export default function InvestorArea() {
  return (
    <AppShell areaLabel="Investor Portal" nav={INVESTOR_NAV} defaultTypeLabel="Investor">
      <Routes>
        <Route index element={<InvestorDashboardPage />} />
        <Route path="deals" element={soon('Deal Vault')} />
        <Route path="subscriptions" element={soon('Subscription Portal')} />
        <Route path="performance" element={soon('Performance Dashboard')} />
        <Route path="distributions" element={soon('Distribution Calendar')} />
        <Route path="messages" element={soon('Secure Messages')} />
        <Route path="compliance" element={soon('DFSA Compliance')} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppShell>
  );
}
