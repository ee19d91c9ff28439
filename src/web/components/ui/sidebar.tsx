import { PanelLeft } from 'lucide-react';
import { Slot, Tooltip } from 'radix-ui';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n';
import { Button } from './button';
import { Sheet, SheetContent } from './sheet';

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 604800 s
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
const MOBILE_QUERY = '(max-width: 767px)'; // viewport < 768px

export type SidebarState = 'expanded' | 'collapsed';

export type SidebarContextValue = {
  state: SidebarState;
  open: boolean;
  setOpen: (open: boolean | ((prev: boolean) => boolean)) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean | ((prev: boolean) => boolean)) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar must be used within a SidebarProvider.');
  return ctx;
}

function readCookie(): boolean | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!match) return null;
  return match.slice(SIDEBAR_COOKIE_NAME.length + 1) === 'true';
}

function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(() => typeof window !== 'undefined' && window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const mql = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setIsMobile(mql.matches);
    onChange();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return isMobile;
}

export function SidebarProvider({
  children,
  defaultOpen = true,
  className,
  style,
}: {
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const isMobile = useIsMobile();
  // Read the remembered state on mount (lazy initialiser: no flash of the wrong width).
  const [open, setOpenState] = useState<boolean>(() => readCookie() ?? defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean | ((prev: boolean) => boolean)) => {
    setOpenState((prev) => {
      const next = typeof value === 'function' ? value(prev) : value;
      // biome-ignore lint/suspicious/noDocumentCookie: spec requires a plain cookie; Cookie Store API is not universal
      document.cookie = `${SIDEBAR_COOKIE_NAME}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen((o) => !o);
  }, [isMobile, setOpen]);

  // Close the mobile sheet when the viewport grows past the breakpoint.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT) {
        e.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const state: SidebarState = open ? 'expanded' : 'collapsed';
  const value = useMemo<SidebarContextValue>(
    () => ({ state, open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [state, open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <Tooltip.Provider delayDuration={0}>
        <div
          style={
            {
              '--sidebar-width': SIDEBAR_WIDTH,
              '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
              '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
              ...style,
            } as CSSProperties
          }
          className={cn('flex min-h-svh w-full bg-canvas', className)}
        >
          {children}
        </div>
      </Tooltip.Provider>
    </SidebarContext.Provider>
  );
}

export type SidebarProps = ComponentProps<'aside'> & { 'aria-label'?: string };

/**
 * Desktop: sticky full-height column whose width animates between 16rem and 3rem.
 * Mobile (< 768px): rendered inside a left Sheet (18rem), opened via openMobile.
 * Style children on state with `group-data-[collapsible=icon]/sidebar:*`.
 */
export function Sidebar({ 'aria-label': ariaLabel = common.t('shell.sidebar'), className, children, ...props }: SidebarProps) {
  const { state, isMobile, openMobile, setOpenMobile } = useSidebar();
  // The sheet is opened by SidebarTrigger, not a Dialog.Trigger, so Radix has no trigger to
  // return focus to on close: remember what had focus when it opened and return it there.
  const returnFocus = useRef<HTMLElement | null>(null);
  const base = 'group/sidebar flex flex-col bg-ink-900 text-ink-50';

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="start"
          title={ariaLabel}
          tone="dark"
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            if (returnFocus.current?.isConnected) {
              e.preventDefault();
              returnFocus.current.focus();
            }
          }}
        >
          <aside aria-label={ariaLabel} data-state={state} data-mobile="true" className={cn(base, 'h-full w-full', className)} {...props}>
            {children}
          </aside>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <aside
      aria-label={ariaLabel}
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : undefined}
      className={cn(
        base,
        'sticky top-0 h-svh shrink-0 overflow-hidden transition-[width] duration-200 ease-linear motion-reduce:transition-none',
        state === 'collapsed' ? 'w-(--sidebar-width-icon)' : 'w-(--sidebar-width)',
        className,
      )}
      {...props}
    >
      {children}
    </aside>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2 group-data-[collapsible=icon]/sidebar:px-1', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col gap-2 border-t border-white/10 p-2 group-data-[collapsible=icon]/sidebar:px-1', className)}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex w-full min-w-0 flex-col gap-1 p-2 group-data-[collapsible=icon]/sidebar:px-1', className)} {...props} />;
}

/** Visible when expanded; visually hidden (still read by screen readers) when collapsed. */
export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'px-2 pb-1 text-xs font-medium uppercase tracking-wide text-ink-100/70 group-data-[collapsible=icon]/sidebar:sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('m-0 flex w-full min-w-0 list-none flex-col gap-1 p-0', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

export type SidebarMenuButtonProps = ComponentProps<'button'> & {
  /** Render the child (e.g. a router Link) instead of a button. */
  asChild?: boolean;
  isActive?: boolean;
  /** Label shown as tooltip and used as title/aria-label when the sidebar is collapsed to icons. */
  tooltip?: string;
  /** Alias of `tooltip`. */
  label?: string;
};

/**
 * Menu entry. Children: an icon followed by a `<span>` label; the span is visually hidden
 * (kept for screen readers) when the sidebar is collapsed. Closes the mobile sheet on click.
 */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  label,
  className,
  onClick,
  ...props
}: SidebarMenuButtonProps) {
  const { state, isMobile, setOpenMobile } = useSidebar();
  const [tipOpen, setTipOpen] = useState(false);
  const text = tooltip ?? label;
  const collapsed = state === 'collapsed' && !isMobile;
  const Comp = asChild ? Slot.Root : 'button';

  const button = (
    <Comp
      data-active={isActive || undefined}
      aria-current={isActive ? 'page' : undefined}
      aria-label={collapsed && text ? text : undefined}
      title={collapsed && text ? text : undefined}
      className={cn(
        'flex h-10 w-full min-w-0 cursor-pointer items-center gap-3 overflow-hidden rounded-md px-2.5 text-start text-sm text-ink-100 no-underline transition-colors',
        'hover:bg-ink-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold-400',
        '[&>svg]:size-5 [&>svg]:shrink-0 [&>span]:truncate',
        isActive &&
          'bg-ink-800 font-semibold text-white shadow-[inset_3px_0_0_var(--color-gold-400)] rtl:shadow-[inset_-3px_0_0_var(--color-gold-400)] [&>svg]:text-gold-400',
        'group-data-[collapsible=icon]/sidebar:w-10 group-data-[collapsible=icon]/sidebar:justify-center group-data-[collapsible=icon]/sidebar:px-0 group-data-[collapsible=icon]/sidebar:[&>span]:sr-only',
        className,
      )}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        onClick?.(e);
        if (isMobile) setOpenMobile(false);
      }}
      {...props}
    />
  );

  if (!text) return button;
  return (
    <Tooltip.Root open={collapsed && tipOpen} onOpenChange={setTipOpen}>
      <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
      {/* Not portalled: keeps the tooltip inside the sidebar landmark (axe 'region'). */}
      <Tooltip.Content
        side={typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'left' : 'right'}
        align="center"
        sideOffset={8}
        className="z-50 rounded-md bg-ink-950 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
      >
        {text}
      </Tooltip.Content>
    </Tooltip.Root>
  );
}

export type SidebarTriggerProps = Omit<ComponentProps<typeof Button>, 'children' | 'asChild'>;

export function SidebarTrigger({ onClick, variant = 'ghost', size = 'icon', ...props }: SidebarTriggerProps) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant={variant}
      size={size}
      aria-label={common.t('shell.toggleSidebar')}
      aria-expanded={isMobile ? openMobile : open}
      onClick={(e) => {
        onClick?.(e);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

/** Main column beside the sidebar; flex-1 so it adapts to the sidebar width. Put your <main> inside. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-h-svh min-w-0 flex-1 flex-col', className)} {...props} />;
}
