import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { VaultDocument } from '../../shared/documents';
import type { ManagedUser } from '../../shared/users';
import * as client from './api';
import { apiGet, apiPost, apiUrl } from './api';
import { postMultipart } from './files';

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
    await apiPost('/api/deals/:id/move', { params: { id: 'd1' }, body: { stage: 'Exit' } });
    await apiPost('/api/auth/sign-out');
    expect(calls.map(([u, i]) => [u, i.method, i.body])).toEqual([
      ['/api/deals/d1', 'GET', undefined],
      ['/api/deals/d1/move', 'POST', '{"stage":"Exit"}'],
      ['/api/auth/sign-out', 'POST', undefined],
    ]);
  });

  it('takes the answer type from the contract and refuses what is not a route (the type check runs over this file)', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"users":[]}', { status: 200 }));
    const users = apiGet('/api/users');
    expectTypeOf(users).resolves.toEqualTypeOf<{ users: ManagedUser[] }>();
    expect(await users).toEqual({ users: [] });
    // @ts-expect-error not a route of the contract
    await apiGet('/api/user');
    // @ts-expect-error no POST on this path
    await apiPost('/api/users/:id', { params: { id: 'x' } });
    // @ts-expect-error the :id parameter is required
    expect(() => apiGet('/api/deals/:id')).toThrow('Missing path parameter "id"');
  });

  it('keeps the untyped request private and types the multipart uploads from the contract too', () => {
    // Features cannot name their own answer type: there is no `api<T>` to import (decision 019).
    expect('api' in client).toBe(false);
    const upload = (body: FormData) => postMultipart('/api/documents', body, {});
    expectTypeOf(upload).returns.resolves.toEqualTypeOf<{ document: VaultDocument }>();
    // @ts-expect-error not a POST route of the contract
    const wrong = (body: FormData) => postMultipart('/api/document', body, {});
    // @ts-expect-error the :kind parameter is required
    const missing = (body: FormData) => postMultipart('/api/kyc/me/documents/:kind', body, {});
    expect([wrong, missing]).toHaveLength(2);
  });
});
