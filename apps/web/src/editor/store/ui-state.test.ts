import { describe, expect, it } from 'vitest';
import { openPanel, prunePanels } from './ui-state';

const node = (nodeId: string) => ({ kind: 'node', nodeId }) as const;

describe('right panel and modal panel (SPEC.md section 4)', () => {
  it('replaces the right panel and closes the modal when not pinned', () => {
    expect(openPanel({ rightPanel: node('a'), rightPanelPinned: false, modalPanel: node('x') }, node('b'))).toEqual({
      rightPanel: node('b'),
      modalPanel: null,
    });
  });

  it('opens different content in the modal when pinned and showing something', () => {
    expect(openPanel({ rightPanel: node('a'), rightPanelPinned: true, modalPanel: null }, { kind: 'globals' })).toEqual({
      rightPanel: node('a'),
      modalPanel: { kind: 'globals' },
    });
  });

  it('does not use the modal for the content the pinned panel already shows', () => {
    expect(openPanel({ rightPanel: node('a'), rightPanelPinned: true, modalPanel: node('b') }, node('a'))).toEqual({ rightPanel: node('a'), modalPanel: null });
  });

  it('uses the right panel when pinned but empty', () => {
    expect(openPanel({ rightPanel: null, rightPanelPinned: true, modalPanel: null }, node('a'))).toEqual({ rightPanel: node('a'), modalPanel: null });
  });

  it('closes panels of nodes that are gone and unpins an emptied panel', () => {
    expect(prunePanels({ rightPanel: node('a'), rightPanelPinned: true, modalPanel: node('b') }, (id) => id === 'b')).toEqual({
      rightPanel: null,
      modalPanel: node('b'),
      rightPanelPinned: false,
    });
  });
});
