export function AnalyticsTracker() {
  return null;
}
