/**
 * A workflow of `rows × cols` nodes on a grid and `edgeCount` edges, type-valid with the
 * built-in catalogue and acyclic because every edge runs from one column to the next:
 *
 *   col 0        cols 1 … cols-2                         col cols-1
 *   Text Input ─► Template (1 input) or Merger (2 inputs) ─► … ─► Output
 *
 * Every node past column 0 takes its first input from the node in the same row of the
 * previous column; mergers take their second from the next row, and there are as many
 * mergers as edges beyond one per node. Mergers are spread evenly over the middle.
 */
export function bigWorkflow({ rows = 40, cols = 25, edgeCount = 1200, dx = 330, dy = 190 } = {}) {
  const middle = rows * (cols - 2);
  const mergers = edgeCount - rows * (cols - 1);
  if (mergers < 0 || mergers > middle) throw new Error(`cannot lay out ${edgeCount} edges on a ${rows}×${cols} grid`);
  const id = (c, r) => `n${c}_${r}`;
  const nodes = [];
  const edges = [];
  const kind = new Map();
  let index = 0;
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      let type = 'text.template';
      let config = { template: '{{input}}', onMissing: 'error' };
      let label = `Template ${c}.${r}`;
      if (c === 0) [type, config, label] = ['input.text', { text: `Row ${r}`, askOnRun: false }, `Text ${r}`];
      else if (c === cols - 1) [type, config, label] = ['output', { format: 'text' }, `Output ${r}`];
      else {
        // Bresenham-style spread: exactly `mergers` of the `middle` nodes become mergers.
        if (Math.floor(((index + 1) * mergers) / middle) !== Math.floor((index * mergers) / middle)) {
          [type, config, label] = ['merge', { dataType: 'text', mergeStrategy: 'concat', inputCount: 2 }, `Merger ${c}.${r}`];
        }
        index++;
      }
      kind.set(id(c, r), type);
      nodes.push({ id: id(c, r), type: 'custom', position: { x: c * dx, y: r * dy }, data: { label, type, config, status: 'idle' } });
    }
  }
  const edge = (source, target, targetHandle) =>
    edges.push({ id: `e${edges.length + 1}`, source, sourceHandle: 'output', target, targetHandle, type: 'custom', data: { type: 'text' } });
  for (let c = 1; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      const target = id(c, r);
      const isMerger = kind.get(target) === 'merge';
      edge(id(c - 1, r), target, isMerger ? 'input-0' : 'input');
      // The neighbour below, or above for the last row: short edges, as people draw them.
      if (isMerger) edge(id(c - 1, r + 1 < rows ? r + 1 : r - 1), target, 'input-1');
    }
  }
  return { name: `Bench ${rows * cols} nodes`, nodes, edges, globalParameters: {} };
}
