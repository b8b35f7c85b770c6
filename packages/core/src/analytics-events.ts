/**
 * The first-party analytics events the product sends (SPEC.md section 7). The browser
 * fires them only with analytics consent; the server refuses any other name.
 */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'login',
  'sign_up',
  'newsletter_subscribe',
  'cta_click',
  'get_started_click',
  'password_reset_requested',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** Type guard for an event name received from outside. */
export function isAnalyticsEventName(value: unknown): value is AnalyticsEventName {
  return typeof value === 'string' && (ANALYTICS_EVENT_NAMES as readonly string[]).includes(value);
}
