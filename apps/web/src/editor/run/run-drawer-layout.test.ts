import { describe, expect, it } from 'vitest';
import { INSPECTOR_MAX_WIDTH, INSPECTOR_MIN_WIDTH, inspectorWidthBounds, LOGS_MIN_WIDTH } from './run-drawer-layout';

describe('inspectorWidthBounds', () => {
  it('gives the inspector a share of a mid-sized drawer and leaves the logs the rest', () => {
    // 1440 px window with the library and the node settings open: about 780 px of drawer.
    const bounds = inspectorWidthBounds(780);
    expect(bounds.preferred).toBe(390);
    expect(bounds.max).toBe(780 - LOGS_MIN_WIDTH);
    expect(bounds.min).toBe(INSPECTOR_MIN_WIDTH);
  });

  it('stops growing at a reading width in a wide drawer, but can be dragged wider', () => {
    const bounds = inspectorWidthBounds(1800);
    expect(bounds.preferred).toBe(600);
    expect(bounds.max).toBe(INSPECTOR_MAX_WIDTH);
  });

  it('keeps its minimum in a drawer too narrow for both', () => {
    expect(inspectorWidthBounds(400)).toEqual({ min: INSPECTOR_MIN_WIDTH, max: INSPECTOR_MIN_WIDTH, preferred: INSPECTOR_MIN_WIDTH });
    // Not measured yet (first render).
    expect(inspectorWidthBounds(0).preferred).toBe(INSPECTOR_MIN_WIDTH);
  });
});
