import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, Suspense, useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { AppUser } from '../../shared/auth';
import type { Language } from '../../shared/i18n/languages';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { applyLanguage } from '../lib/i18n';
import { type FakeApi, type FakeRoutes, installFakeApi } from './fake-api';

/** The signed-in users the tests render screens for (the demo founder and demo investor). */
export const ADMIN: AppUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'founder@demo.example.com',
  name: 'Fatima Founder',
  role: 'admin',
  userType: 'founder',
  status: 'active',
  mustChangePassword: false,
  language: null,
  digits: 'latn',
};
export const INVESTOR: AppUser = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'investor@demo.example.com',
  name: 'Ian Investor',
  role: 'investor',
  userType: 'hni',
  status: 'active',
  mustChangePassword: false,
  language: null,
  digits: 'latn',
};

export interface ScreenOptions {
  /** The URL the router starts at (default '/'). */
  at?: string;
  /** The route pattern the element is mounted on, for useParams (default: any path). */
  path?: string;
  /** Who is signed in (default the founder; null: nobody). */
  user?: AppUser | null;
  /** The fake API's answers (the session probe is answered from `user`). */
  api?: FakeRoutes;
  language?: Language;
}

let current: FakeApi | null = null;

/** Where the router is now (after a navigation the component made). */
let location = '';
export const currentLocation = () => location;
function LocationProbe() {
  const l = useLocation();
  useEffect(() => {
    location = `${l.pathname}${l.search}`;
  }, [l]);
  return null;
}

function Ready({ onReady }: { onReady: () => void }) {
  const { initialized } = useAuth();
  useEffect(() => {
    if (initialized) onReady();
  }, [initialized, onReady]);
  return null;
}

/**
 * Renders a component as the app does (decision record 034): the router (MemoryRouter in place of
 * the browser's), the session (AuthProvider over the fake session probe), a fresh query cache, the
 * i18n catalogues in `language` and the toaster; resolves once the session is known. Returns
 * Testing Library's result, the fake API (`api.calls`) and a user-event instance.
 */
export async function renderScreen(ui: ReactElement, opts: ScreenOptions = {}) {
  const user = opts.user === undefined ? ADMIN : opts.user;
  current?.restore();
  const api = installFakeApi({ 'GET /api/auth/me': { user, secondFactor: null }, ...opts.api });
  current = api;
  await applyLanguage(opts.language ?? 'en');
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  let ready!: () => void;
  const initialized = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[opts.at ?? '/']}>
        <AuthProvider>
          <Ready onReady={ready} />
          <LocationProbe />
          <Suspense fallback={<p>Test: loading</p>}>
            <Routes>
              <Route path={opts.path ?? '*'} element={ui} />
              {opts.path ? <Route path="*" element={<p>Test: elsewhere</p>} /> : null}
            </Routes>
          </Suspense>
          <Toaster />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await initialized;
  // No pause between keystrokes: the events are the same, the suite faster.
  return { ...result, api, client, user: userEvent.setup({ delay: null }), screen };
}

/** After each test (src/web/testing/setup.ts): unmount, restore fetch, back to English. */
export async function resetScreen() {
  cleanup();
  current?.restore();
  current = null;
  window.localStorage.clear();
  window.sessionStorage.clear();
  await applyLanguage('en');
}
