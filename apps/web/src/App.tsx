import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AnalyticsTracker } from './components/AnalyticsTracker';
import { CanonicalLink } from './components/CanonicalLink';
import { ConfirmDialog } from './components/ConfirmDialog';
import { CookieBanner } from './components/CookieBanner';
import { ProtectedRoute } from './components/ProtectedRoute';
import { Toaster } from './components/Toaster';
import { TopBar } from './components/TopBar';
import { PageSpinner } from './components/ui/Spinner';
import { setUnauthorizedHandler } from './lib/api';
import { LandingPage } from './pages/LandingPage';
import { useAuthStore } from './stores/auth.store';

// Only the landing page is in the first download; every other page is its own chunk,
// fetched when its route is first opened (a visitor reading the landing page does not
// pay for the dashboard, settings or docs).
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const UnsubscribePage = lazy(() => import('./pages/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })));
const GalleryPage = lazy(() => import('./pages/GalleryPage').then((m) => ({ default: m.GalleryPage })));
const DocsPage = lazy(() => import('./pages/DocsPage').then((m) => ({ default: m.DocsPage })));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('./pages/TermsPage').then((m) => ({ default: m.TermsPage })));
const DashboardPage = lazy(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const AcceptInvitationPage = lazy(() => import('./pages/AcceptInvitationPage').then((m) => ({ default: m.AcceptInvitationPage })));
const SettingsPage = lazy(() => import('./pages/SettingsPage').then((m) => ({ default: m.SettingsPage })));

// The editor (React Flow, dagre) is most of the code; other pages load without it. Opened
// directly, its chunk starts loading at once, alongside the session check.
const loadEditor = () => import('./pages/EditorPage').then((m) => ({ default: m.EditorPage }));
if (typeof window !== 'undefined' && /^\/(editor|workflow\/)/.test(window.location.pathname)) void loadEditor();
const EditorPage = lazy(loadEditor);
const editor = (
  <Suspense fallback={<PageSpinner label="Opening the editor" />}>
    <EditorPage />
  </Suspense>
);

/** The executions list moved into the dashboard; old links and bookmarks keep their filters. */
function ExecutionsRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/dashboard/executions', search, hash }} replace />;
}

export function App() {
  useEffect(() => {
    // A 401 from any call means the session is gone; protected routes then go to /login.
    setUnauthorizedHandler(() => useAuthStore.getState().sessionEnded());
    void useAuthStore.getState().init();
    return () => setUnauthorizedHandler(null);
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <CanonicalLink />
      <AnalyticsTracker />
      <TopBar />
      <main className="flex flex-1 flex-col">
        <Suspense fallback={<PageSpinner label="Loading" />}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/unsubscribe" element={<UnsubscribePage />} />
            <Route path="/gallery" element={<GalleryPage />} />
            <Route path="/docs" element={<DocsPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="/executions" element={<ExecutionsRedirect />} />
            <Route element={<ProtectedRoute />}>
              <Route path="/dashboard" element={<DashboardPage tab="workflows" />} />
              <Route path="/dashboard/executions" element={<DashboardPage tab="executions" />} />
              <Route path="/dashboard/schedules" element={<DashboardPage tab="schedules" />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/invitations/accept" element={<AcceptInvitationPage />} />
              <Route path="/editor" element={editor} />
              <Route path="/workflow/:workflowId" element={editor} />
              <Route path="/app" element={<Navigate to="/editor" replace />} />
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </main>
      <Toaster />
      <ConfirmDialog />
      <CookieBanner />
    </div>
  );
}
