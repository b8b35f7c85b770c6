import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../stores/auth.store';
import { PageSpinner } from './ui/Spinner';

/** Spinner while the session resolves, then the page or a history-replacing /login. */
export function ProtectedRoute() {
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Loading" />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
