import { describe, expect, it } from 'vitest';
import { logsGiveWay, openPanel, prunePanels } from './ui-state';

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

describe("the logs drawer gives way to a node's settings (issue 22)", () => {
  const closed = { rightPanel: null, logsExpanded: true, logsFoldedForSettings: false };

  it("folds when a node's settings open over open logs, and unfolds when they close", () => {
    expect(logsGiveWay(closed, { ...closed, rightPanel: node('a') })).toEqual({ logsExpanded: false, logsFoldedForSettings: true });
    const folded = { rightPanel: node('a'), logsExpanded: false, logsFoldedForSettings: true };
    // Following the selection to another node changes nothing.
    expect(logsGiveWay(folded, { ...folded, rightPanel: node('b') })).toBeNull();
    expect(logsGiveWay(folded, { ...folded, rightPanel: null })).toEqual({ logsExpanded: true, logsFoldedForSettings: false });
  });

  it('leaves logs the user (or a run) unfolded beside the settings open, and folded ones folded', () => {
    const folded = { rightPanel: node('a'), logsExpanded: false, logsFoldedForSettings: true };
    const unfolded = { ...folded, logsExpanded: true };
    expect(logsGiveWay(folded, unfolded)).toEqual({ logsFoldedForSettings: false });
    const theirs = { ...unfolded, logsFoldedForSettings: false };
    expect(logsGiveWay(theirs, { ...theirs, rightPanel: null })).toBeNull();
    // Logs that were folded anyway stay so; the global parameters are not a node's settings.
    expect(logsGiveWay({ ...closed, logsExpanded: false }, { ...closed, logsExpanded: false, rightPanel: node('a') })).toBeNull();
    expect(logsGiveWay(closed, { ...closed, rightPanel: { kind: 'globals' } })).toBeNull();
  });
});
