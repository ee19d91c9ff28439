// Route files follow URL prefixes (issue 28, "one name per concept"; decision 033, amended): every
// URL prefix of the route table is registered from exactly one file, so whoever looks for
// `/api/spvs/...` reads one routes file, and a second module cannot quietly start serving a
// prefix another owns. The prefix of a path is `urlPrefix` (scripts/concept-map.ts): the first
// segment after /api, or the sub-resource under the scoping prefixes `/api/investor/`, `/api/me/`,
// `/api/deals/:id/`, `/api/investors/:id/` and `/api/capital-calls/:id/`. docs/concepts.md lists
// every prefix's module and file.
import { describe, expect, it } from 'vitest';
import { routeRegistrations, urlPrefix } from '../scripts/concept-map.ts';
import { ROUTES } from './shared/api/contract.ts';

/**
 * Prefixes served by more than one file on purpose, each with the files allowed and why. Keep it
 * short: a new entry needs a reason a reviewer accepts.
 */
const EXCEPTIONS: Record<string, { files: string[]; why: string }> = {
  // TODO(issue 28; left while the signing workflow of issue 30 is still changing): move
  // `POST /api/investor/subscriptions/:id/envelope` out of the subscriptions prefix (for example to
  // `/api/investor/envelopes`, which signing owns) or its registration into subscriptions/routes.ts.
  // The records and audit modules serve only their own prefixes today (`data-requests`,
  // `investor/data-requests`, `audit`, `legal-holds`) and are checked like every other module.
  'investor/subscriptions': {
    files: ['src/server/modules/subscriptions/routes.ts', 'src/server/modules/signing/routes.ts'],
    why: "the signing envelope of an investor's subscription (known exception, see the TODO)",
  },
};

describe('route files follow URL prefixes', () => {
  const registrations = routeRegistrations();

  it('finds the registering file of every route of the table, and nothing else', () => {
    const found = registrations.map((r) => r.key).sort();
    expect(found).toEqual(ROUTES.map(([key]) => key as string).sort());
    for (const r of registrations) expect(r.file, r.key).toMatch(/^src\/server\/modules\/[^/]+\/routes\.ts$/);
  });

  it('computes prefixes as documented', () => {
    // Reference values: the rule of urlPrefix's comment, applied by hand.
    expect(urlPrefix('/api/capital-calls')).toBe('capital-calls');
    expect(urlPrefix('/api/capital-calls/:id/receipts')).toBe('capital-calls/:id/receipts');
    expect(urlPrefix('/api/capital-calls/:id/ilpa-notices.csv')).toBe('capital-calls/:id/ilpa-notices');
    expect(urlPrefix('/api/deals/:id')).toBe('deals');
    expect(urlPrefix('/api/deals/:id/move')).toBe('deals');
    expect(urlPrefix('/api/deals/:id/terms')).toBe('deals/:id/terms');
    expect(urlPrefix('/api/deals/options')).toBe('deals');
    expect(urlPrefix('/api/investor/ilpa-notices.csv')).toBe('investor/ilpa-notices');
    expect(urlPrefix('/api/me/tokens/:id')).toBe('me/tokens');
    expect(urlPrefix('/api/openapi.json')).toBe('openapi');
    expect(urlPrefix('/api/auth/reset-password/check')).toBe('auth');
  });

  it('registers each URL prefix from exactly one routes file (or a listed exception)', () => {
    const filesOf = new Map<string, Set<string>>();
    for (const r of registrations) {
      const prefix = urlPrefix(r.key.split(' ')[1] ?? '');
      filesOf.set(prefix, (filesOf.get(prefix) ?? new Set()).add(r.file));
    }
    const shared = [...filesOf]
      .filter(([, files]) => files.size > 1)
      .map(([prefix, files]) => `${prefix}: ${[...files].sort().join(', ')}`)
      .sort();
    const allowed = Object.entries(EXCEPTIONS)
      .map(([prefix, e]) => `${prefix}: ${[...e.files].sort().join(', ')}`)
      .sort();
    expect(shared, 'a prefix is served by several files: move the registrations into one routes file').toEqual(allowed);
  });
});
