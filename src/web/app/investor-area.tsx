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
import { lazy, useMemo } from 'react';
import { Route, Routes } from 'react-router';
import InvestorDashboardPage from '../features/investor-dashboard/investor-dashboard-page';
import { KycCallToAction } from '../features/kyc/kyc-cta-card';
import { useUnreadCount } from '../features/messages/api';
import { common } from '../lib/i18n';
import { AppShell, type NavItem } from './app-shell';
import { Screens } from './screen';

// The dashboard comes with the area; every other screen is in one chunk loaded when the user
// first leaves the dashboard (or points at a link), decision record 022.
const loadScreens = () => import('./investor-screens');
const InvestorScreens = lazy(loadScreens);

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
    <AppShell areaLabel={t('shell.investorArea')} nav={nav} defaultTypeLabel={t('enum.role.investor')} preload={loadScreens}>
      <Routes>
        <Route index element={<InvestorDashboardPage kycCallToAction={<KycCallToAction />} />} />
        <Route
          path="*"
          element={
            <Screens id="investor">
              <InvestorScreens />
            </Screens>
          }
        />
      </Routes>
    </AppShell>
  );
}
