/**
 * Every page path the SPA routes (src/web/app/*.tsx). The server answers any other path with
 * HTTP 404 and the same HTML, where the SPA shows its 404 page. A page added to the router is
 * added here too (src/shared/routes.test.ts checks the router's paths against this list).
 */
export const APP_PAGES = [
  '/',
  '/login',
  '/change-password',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/confirm-email',
  '/admin',
  '/admin/deals',
  '/admin/deals/new',
  '/admin/deals/:id',
  '/admin/deals/:id/subscription-pack',
  '/admin/spv-tracker',
  '/admin/documents',
  '/admin/investors',
  '/admin/jobs',
  '/admin/webhooks',
  '/admin/compliance',
  '/admin/distributions',
  '/admin/users',
  '/admin/settings',
  '/admin/activity-logs',
  '/admin/audit-trail',
  '/admin/data-requests',
  '/admin/messages',
  '/admin/capital-calls',
  '/admin/capital-calls/:id',
  '/admin/screening',
  '/admin/profile',
  '/investor',
  '/investor/deals',
  '/investor/subscriptions',
  '/investor/subscriptions/:id/sign',
  '/investor/performance',
  '/investor/distributions',
  '/investor/messages',
  '/investor/compliance',
  '/investor/capital-calls',
  '/investor/statements',
  '/investor/profile',
] as const;

const patterns = APP_PAGES.map((p) => new RegExp(`^${p.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

/** Whether the SPA has a page at this pathname (no query string). */
export function isAppPage(pathname: string): boolean {
  return patterns.some((re) => re.test(pathname));
}
