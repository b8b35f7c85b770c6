import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { initAnalytics, track } from '../lib/analytics';
import { hasAnalyticsConsent, onConsentChanged } from '../lib/consent';

/** The last location key we reported, so StrictMode's double effects don't double-count. */
let lastTrackedKey: string | null = null;

function trackPageView(pathname: string): void {
  track('page_view', { page_title: document.title, page_path: pathname });
}

/**
 * Fires page_view on every route change (consent permitting; `track` checks it), and
 * once for the current page when the visitor turns analytics on.
 */
export function AnalyticsTracker() {
  const location = useLocation();
  const pathnameRef = useRef(location.pathname);
  pathnameRef.current = location.pathname;

  useEffect(() => {
    initAnalytics();
    let allowed = hasAnalyticsConsent();
    return onConsentChanged((preferences) => {
      if (preferences.analytics && !allowed) trackPageView(pathnameRef.current);
      allowed = preferences.analytics;
    });
  }, []);

  useEffect(() => {
    if (lastTrackedKey === location.key) return;
    // Wait a tick so the new page has set its document title.
    const timer = setTimeout(() => {
      lastTrackedKey = location.key;
      trackPageView(location.pathname);
    }, 0);
    return () => clearTimeout(timer);
  }, [location.key, location.pathname]);

  return null;
}
