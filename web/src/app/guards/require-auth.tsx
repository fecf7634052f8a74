import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { forgetTarget, rememberTarget, signedInTarget } from '@/features/auth/redirect-target';
import { AdministratorsOnlyPage } from '../routes/administrators-only';

/** The login guard: a spinner while the session loads, /auth (remembering this page) without one. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (status === 'authenticated') forgetTarget(); // arrived: the remembered page has served
  }, [status]);
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'unauthenticated') {
    rememberTarget(`${location.pathname}${location.search}`);
    return <Navigate to="/auth" replace />;
  }
  return <Outlet />;
}

/** Administrators only (others are told so); the server enforces the same rule on every /api/admin call. */
export function RequireAdmin() {
  const { user } = useAuth();
  if (!user?.is_admin) return <AdministratorsOnlyPage />;
  return <Outlet />;
}

/** /auth for visitors only: a signed-in user is sent on at once, to the page they first asked for. */
export function RedirectIfAuthenticated() {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to={signedInTarget()} replace />;
  return <Outlet />;
}
