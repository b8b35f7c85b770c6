import type { WorkflowViewer } from '../../api/presence';

/** What an avatar's tooltip and accessible name say: who, and since when. */
export function viewerLabel(viewer: WorkflowViewer, now: Date, locale?: string): string {
  const who = viewer.sameUser ? 'You, in another tab' : viewer.name;
  return `${who} · here since ${sinceText(new Date(viewer.since), now, locale)}`;
}

/** "10:42" today, "Mon 10:42" within a week, else the date. */
export function sinceText(since: Date, now: Date, locale?: string): string {
  const time = since.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (since.toDateString() === now.toDateString()) return time;
  if (now.getTime() - since.getTime() < 6 * 24 * 60 * 60_000) return `${since.toLocaleDateString(locale, { weekday: 'short' })} ${time}`;
  return since.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The bar's summary for screen readers and the overflow: "2 others have this workflow open". */
export function presenceSummary(viewers: readonly WorkflowViewer[]): string {
  if (viewers.length === 0) return 'Nobody else has this workflow open';
  const people = new Set(viewers.map((v) => (v.sameUser ? 'you' : v.userId)));
  const onlyYou = people.size === 1 && people.has('you');
  if (onlyYou) return viewers.length === 1 ? 'Also open in another tab of yours' : `Also open in ${viewers.length} other tabs of yours`;
  return viewers.length === 1 ? '1 other has this workflow open' : `${viewers.length} others have this workflow open`;
}
