import { BellRing, ChevronsUpDown, KeyRound, LogOut, type LucideIcon, ShieldCheck } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { formatFigure } from '../../shared/format';
import type enCommon from '../../shared/i18n/en/common.json';
import { DigitsSelect, LanguageSelect } from '../components/layout/language-select';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '../components/ui/sidebar';
import { useAuth } from '../lib/auth-context';
import { companyName } from '../lib/company';
import { useCompanyZone } from '../lib/company-zone';
import { common, currentDigits, enumLabel } from '../lib/i18n';
import { toast } from '../lib/toast';

type NavKey = keyof (typeof enCommon)['nav'];

export interface NavItem {
  /** The item's label in the common catalogue (nav.*). */
  labelKey: NavKey;
  to: string;
  icon: LucideIcon;
  /** Match the path exactly (the area's dashboard). */
  end?: boolean;
  /** A small count pill after the label, e.g. { value: 3, label: '3 unread' }; the label is what screen readers hear. */
  badge?: { value: number; label: string };
}

/** The shell both areas share: sidebar with the area's navigation, a top bar, and the page. */
export function AppShell({
  areaLabel,
  nav,
  defaultTypeLabel,
  preload,
  children,
}: {
  areaLabel: string;
  nav: NavItem[];
  defaultTypeLabel: string;
  /** Starts loading the area's screens when the pointer or the focus reaches a link to them. */
  preload?: () => unknown;
  children: ReactNode;
}) {
  // A change of the company's time zone re-renders the screen: its dates, "today" and times move at once.
  const zone = useCompanyZone();
  // So does a change of language: every date, number and label re-renders in it.
  const { t, i18n } = common.useT();
  return (
    <SidebarProvider>
      {/* First in the tab order: past the sidebar's links straight to the screen. */}
      <a
        href="#main"
        className="sr-only rounded-lg bg-gold-500 px-4 py-3 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-50"
      >
        {t('shell.skipToMain')}
      </a>
      <Sidebar aria-label={t('shell.navigationOf', { area: areaLabel })}>
        <SidebarHeader>
          <div className="flex items-center gap-2 px-1 py-1">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-gold-500 text-ink-950">
              <ShieldCheck aria-hidden="true" className="size-5" />
            </span>
            {/* The firm's name whole: it wraps (at word boundaries, balanced) rather than being cut. */}
            <span
              data-testid="sidebar-firm-name"
              className="min-w-0 text-balance font-semibold leading-snug tracking-tight text-white [overflow-wrap:break-word] group-data-[collapsible=icon]/sidebar:sr-only"
            >
              {companyName()}
            </span>
          </div>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>{t('shell.navigation')}</SidebarGroupLabel>
            <SidebarMenu>
              {nav.map((item) => (
                <NavEntry key={item.to} item={item} preload={item.end ? undefined : preload} />
              ))}
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <UserFooter defaultTypeLabel={defaultTypeLabel} />
          <LanguageSelect tone="dark" className="px-1 group-data-[collapsible=icon]/sidebar:hidden" />
          <DigitsSelect tone="dark" className="px-1 group-data-[collapsible=icon]/sidebar:hidden" />
        </SidebarFooter>
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-border bg-surface/95 px-3 backdrop-blur sm:px-4">
          <SidebarTrigger />
          <span className="text-sm font-medium text-muted">{areaLabel}</span>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto focus:outline-none w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Fragment key={`${zone}|${i18n.language}|${currentDigits()}`}>{children}</Fragment>
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

function NavEntry({ item, preload }: { item: NavItem; preload?: () => unknown }) {
  const location = useLocation();
  const active = item.end ? location.pathname === item.to || location.pathname === `${item.to}/` : location.pathname.startsWith(item.to);
  const Icon = item.icon;
  const { t } = common.useT();
  const label = t(`nav.${item.labelKey}`);
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={item.badge ? `${label} (${item.badge.label})` : label}>
        <NavLink to={item.to} end={item.end} onPointerEnter={preload} onFocus={preload}>
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          <span>{label}</span>
          {item.badge && (
            <span className="tabular ms-auto shrink-0 rounded-full bg-gold-500 px-2 py-0.5 text-xs font-semibold leading-none text-ink-950">
              <span aria-hidden="true">{formatFigure(item.badge.value)}</span>
              <span className="sr-only"> ({item.badge.label})</span>
            </span>
          )}
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function UserFooter({ defaultTypeLabel }: { defaultTypeLabel: string }) {
  const { user, signOut } = useAuth();
  const { t } = common.useT();
  const navigate = useNavigate();
  const { state, isMobile, setOpenMobile } = useSidebar();
  const typeLabel = user?.userType ? enumLabel('userType', user.userType) : defaultTypeLabel;
  const collapsed = state === 'collapsed' && !isMobile;

  async function logout() {
    try {
      await signOut();
    } catch {
      toast.error(t('shell.logoutFailed'));
    }
    navigate('/login', { replace: true });
  }

  return (
    <div className="flex flex-col gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            aria-label={t('shell.accountMenu', { name: user?.name ?? '' })}
            className="flex min-h-10 w-full items-center gap-2 rounded-md px-1 py-1 text-start text-white hover:bg-ink-800"
          >
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-700 text-sm font-semibold"
            >
              {(user?.name ?? '?').slice(0, 1).toUpperCase()}
            </span>
            {!collapsed && (
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{user?.name}</span>
                <span className="block truncate text-xs text-ink-100">{typeLabel}</span>
              </span>
            )}
            {!collapsed && <ChevronsUpDown aria-hidden="true" className="size-4 text-ink-100" />}
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" side="top">
          <DropdownMenuLabel>{user?.email}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              // The page opens inside the shell: close the phone's navigation sheet over it.
              setOpenMobile(false);
              navigate(`/${user?.role === 'admin' ? 'admin' : 'investor'}/profile`);
            }}
          >
            <BellRing aria-hidden="true" className="size-4" /> {t('shell.profile')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/change-password')}>
            <KeyRound aria-hidden="true" className="size-4" /> {t('shell.changePassword')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void logout()}>
            <LogOut aria-hidden="true" className="size-4" /> {t('shell.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Button
        variant="outline-light"
        size={collapsed ? 'icon' : 'sm'}
        onClick={() => void logout()}
        aria-label={collapsed ? t('shell.logout') : undefined}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {!collapsed && <span>{t('shell.logout')}</span>}
      </Button>
    </div>
  );
}

/** Title block every screen starts with. */
