import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../stores/auth.store';
import { PageSpinner } from './ui/Spinner';

/** Spinner while the session resolves, then the page or a history-replacing /login, which comes back here once signed in. */
export function ProtectedRoute() {
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Loading" />;
  // The whole address, so its query (a template, a run) survives the sign-in.
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  return <Outlet />;
}
