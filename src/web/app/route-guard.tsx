import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../shared/constants';
import { LoadingScreen } from '../components/ui/spinner';
import { homeFor, useAuth } from '../lib/auth-context';

/**
 * The route guard of spec section 4: a loading screen while auth initialises; no user ->
 * /login remembering where they were going; not active -> /login; wrong role -> their own
 * area. Added here: a user holding a temporary password is sent to change it first.
 */
export function RequireRole({ area: role }: { area: Role }) {
  const { user, loading, initialized } = useAuth();
  const location = useLocation();
  if (!initialized || loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (user.status !== 'active') return <Navigate to="/login" replace />;
  if (user.mustChangePassword) return <Navigate to="/change-password" replace state={{ from: location }} />;
  if (user.role !== role) return <Navigate to={homeFor(user)} replace />;
  return <Outlet />;
}
