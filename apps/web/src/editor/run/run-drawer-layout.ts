/** The inspector never gets narrower than this, so its view switch and values stay readable. */
export const INSPECTOR_MIN_WIDTH = 320;
/** Nor does it take more than this, however wide the drawer. */
export const INSPECTOR_MAX_WIDTH = 960;
/** What the logs keep beside the inspector (short log lines stay on one line). */
export const LOGS_MIN_WIDTH = 280;
/** The inspector's share of the drawer until the user drags its edge, up to a comfortable reading width. */
const PREFERRED_SHARE = 0.5;
const PREFERRED_MAX_WIDTH = 600;

export interface InspectorWidthBounds {
  min: number;
  max: number;
  /** The width it takes until the user chooses one. */
  preferred: number;
}

/**
 * How wide the inspector beside the logs may be in a drawer of the given width (px).
 * The logs take the rest, so the two always fill the drawer without a gap.
 */
export function inspectorWidthBounds(drawerWidth: number): InspectorWidthBounds {
  const min = INSPECTOR_MIN_WIDTH;
  const max = Math.max(min, Math.min(INSPECTOR_MAX_WIDTH, drawerWidth - LOGS_MIN_WIDTH));
  const preferred = Math.max(min, Math.min(max, PREFERRED_MAX_WIDTH, Math.round(drawerWidth * PREFERRED_SHARE)));
  return { min, max, preferred };
}
