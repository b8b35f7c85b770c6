/**
 * Canvas constants of SPEC.md section 9. React Flow takes them as props; keeping them
 * here makes the numbers findable and shared with the keyboard nudge.
 */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 2;
export const SNAP_GRID: [number, number] = [15, 15];
export const CONNECTION_RADIUS = 20;
/** SPEC.md says Backspace; Delete does the same, as users of every other editor expect. */
export const DELETE_KEYS = ['Backspace', 'Delete'];
export const SELECTION_KEY = 'Shift';
export const MULTI_SELECTION_KEYS = ['Meta', 'Control'];
/** Arrow keys move the selection 5 px, four times as far with Shift. */
export const NUDGE_STEP = 5;
export const NUDGE_SHIFT_FACTOR = 4;
/** The card width the node component draws; used to centre dropped nodes and for layout. */
export const NODE_WIDTH = 240;
/** A typical card height before React Flow has measured one. */
export const NODE_HEIGHT_ESTIMATE = 110;
