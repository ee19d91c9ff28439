import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner';
import { AuthProvider, homeFor, useAuth } from '../lib/auth-context';
import { common } from '../lib/i18n';
import { LanguageSync } from '../lib/language';
import { RequireRole } from './route-guard';

// Each area is its own chunk: the landing page loads no admin or investor code.
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const ChangePasswordPage = lazy(() => import('../features/auth/change-password-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const UnsubscribePage = lazy(() => import('../features/auth/unsubscribe-page'));
const ConfirmEmailPage = lazy(() => import('../features/auth/confirm-email-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const AdminArea = lazy(() => import('./admin-area'));
const InvestorArea = lazy(() => import('./investor-area'));
// The landing page reads no server data and shows no toast: the query library and the toaster
// are chunks of their own, so its JavaScript stays small (issue 8's 120 KB budget).
const QueryShell = lazy(() => import('./query-shell'));
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Every page but the landing page: with the query cache and the toasts. */
function WithQueries() {
  return (
    <QueryShell>
      <Outlet />
      <AppToaster />
    </QueryShell>
  );
}

/** The landing page redirects a signed-in user to their area (spec section 2). */
function Landing() {
  const { user, initialized } = useAuth();
  if (initialized && user && user.status === 'active') return <Navigate to={homeFor(user)} replace />;
  return <LandingPage />;
}

/** Toasts on the reading side's end: top right in English, top left in Arabic. */
function AppToaster() {
  const { i18n } = common.useT();
  const dir = i18n.dir();
  return (
    <Suspense fallback={null}>
      <Toaster position={dir === 'rtl' ? 'top-left' : 'top-right'} dir={dir} duration={4000} visibleToasts={3} richColors closeButton />
    </Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <LanguageSync />
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route element={<WithQueries />}>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/change-password" element={<ChangePasswordPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/unsubscribe" element={<UnsubscribePage />} />
              <Route path="/confirm-email" element={<ConfirmEmailPage />} />
              <Route element={<RequireRole area="admin" />}>
                <Route path="/admin/*" element={<AdminArea />} />
              </Route>
              <Route element={<RequireRole area="investor" />}>
                <Route path="/investor/*" element={<InvestorArea />} />
              </Route>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </AuthProvider>
    </BrowserRouter>
  );
}
