import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ManagedUser } from '../../shared/users';
import { apiGet, apiPost, apiUrl } from './api';

describe('typed API calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path parameters (encoded) and appends the query without empty values', () => {
    expect(apiUrl('/api/kyc/:id/documents/:kind/view', { id: 'a b', kind: 'passport' })).toBe('/api/kyc/a%20b/documents/passport/view');
    expect(apiUrl('/api/deals', undefined, { stage: 'Screening', cursor: undefined, limit: 20, q: '' })).toBe(
      '/api/deals?stage=Screening&limit=20',
    );
    expect(() => apiUrl('/api/deals/:id', {})).toThrow('Missing path parameter "id"');
  });

  it('sends the method, the URL and the JSON body, and returns the parsed answer', async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ deal: { id: 'd1' } }), { status: 200 });
    });
    const got = await apiGet('/api/deals/:id', { params: { id: 'd1' } });
    expect(got).toEqual({ deal: { id: 'd1' } });
    await apiPost('/api/deals/:id/move', { params: { id: 'd1' }, body: { stage: 'Closed' } });
    await apiPost('/api/auth/sign-out');
    expect(calls.map(([u, i]) => [u, i.method, i.body])).toEqual([
      ['/api/deals/d1', 'GET', undefined],
      ['/api/deals/d1/move', 'POST', '{"stage":"Closed"}'],
      ['/api/auth/sign-out', 'POST', undefined],
    ]);
  });
});

// Checked by the type check (npm test runs tsc over the tests), never called: the answer's type
// comes from the contract, and a path that is not a route, or a missing parameter, does not compile.
export function contractTypeChecks() {
  expectTypeOf(apiGet('/api/users')).resolves.toEqualTypeOf<{ users: ManagedUser[] }>();
  // @ts-expect-error not a route of the contract
  void apiGet('/api/user');
  // @ts-expect-error GET only: no POST on this path
  void apiPost('/api/users/:id', { params: { id: 'x' } });
  // @ts-expect-error the :id parameter is required
  void apiGet('/api/deals/:id');
}
