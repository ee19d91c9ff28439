import { screen, within } from '@testing-library/react';
import { LayoutDashboard } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../testing/queries';
import { renderScreen } from '../../testing/render';
import {
  SIDEBAR_COOKIE_NAME,
  Sidebar,
  SidebarContent,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
} from './sidebar';

function Shell() {
  return (
    <SidebarProvider>
      <Sidebar>
        <SidebarContent>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton isActive tooltip="Dashboard">
                <LayoutDashboard aria-hidden="true" />
                <span>Dashboard</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <main>
          <SidebarTrigger />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
const cookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE_NAME}=`))
    ?.split('=')[1];
const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });

describe('Sidebar (desktop width)', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the sidebar writes
    document.cookie = `${SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
  });

  it('the trigger collapses it to icons (the entry keeps its name) and remembers the choice in its cookie; Ctrl+B expands it', async () => {
    const { user } = await renderScreen(<Shell />);
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(sidebar().getAttribute('data-state')).toBe('expanded');
    const entry = within(sidebar()).getByRole('button', { name: 'Dashboard' });
    expect(entry.getAttribute('aria-current')).toBe('page');
    await expectNoA11yViolations('sidebar expanded');

    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(sidebar().getAttribute('data-state')).toBe('collapsed');
    expect(cookie()).toBe('false');
    // Collapsed to icons, the entry is still named (aria-label and a tooltip on hover or focus).
    expect(within(sidebar()).getByRole('button', { name: 'Dashboard' }).getAttribute('title')).toBe('Dashboard');
    await expectNoA11yViolations('sidebar collapsed');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar().getAttribute('data-state')).toBe('expanded');
    expect(cookie()).toBe('true');
  });

  it('starts collapsed when its cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the remembered state the provider reads on mount
    document.cookie = `${SIDEBAR_COOKIE_NAME}=false; path=/`;
    await renderScreen(<Shell />);
    expect(sidebar().getAttribute('data-state')).toBe('collapsed');
    expect(screen.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).toBe('false');
  });
});
