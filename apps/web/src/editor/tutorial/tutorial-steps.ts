/**
 * The first-run tutorial's path (SPEC.md sections 4 and 9, issue 13): six steps that
 * build and run Text Input → Template or LLM Chat → Output. Each step is done when the
 * editor shows the user did it, read from `TutorialFacts`, never from a click on "Next".
 */

/** What the tutorial needs to know about the editor and the run on screen. */
export interface TutorialFacts {
  nodes: readonly { id: string; type: string }[];
  edges: readonly { source: string; target: string }[];
  /** A run was started from this editor (the live run exists). */
  runStarted: boolean;
  /** That run has ended, whatever its outcome. */
  runEnded: boolean;
  logsExpanded: boolean;
}

/** Where a step's card sits: beside, under or above the element it points at. */
export type Placement = 'right' | 'below' | 'above' | 'inside-top';

export interface TutorialStep {
  id: string;
  title: string;
  body: string;
  /** The element the card points at (a CSS selector); the canvas when it is not on screen. */
  anchor: string;
  placement: Placement;
  /** Pointed at, on the same side, while the anchor is not on screen (the folded library's expand button). */
  fallback?: string;
  /**
   * What else the step names (CSS selectors): the card never covers these, nor the anchor
   * (issue 22: the "Connect them" card covered the LLM Chat node it asked to connect).
   */
  avoid: readonly string[];
  done(facts: TutorialFacts): boolean;
}

/** A node on the canvas of one of these types (its card; the handles stick out a little, `card-position.ts` pads for them). */
const nodesOf = (...types: string[]) => types.map((type) => `[data-testid="workflow-node"][data-node-type="${type}"]`);

/** The folded node library's expand button: where a library step points while its item is hidden. */
const LIBRARY_RAIL = 'button[aria-label="Expand node library"]';

const INPUT = 'input.text';
const PROCESSORS = new Set(['text.template', 'llm.chat']);
const OUTPUT = 'output';

/** Node ids reached from `from` by following edges forward (converters and mergers in between count). */
function reachable(facts: TutorialFacts, from: Iterable<string>): Set<string> {
  const seen = new Set(from);
  const queue = [...seen];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const edge of facts.edges) {
      if (edge.source !== id || seen.has(edge.target)) continue;
      seen.add(edge.target);
      queue.push(edge.target);
    }
  }
  return seen;
}

const idsOf = (facts: TutorialFacts, test: (type: string) => boolean) => facts.nodes.filter((n) => test(n.type)).map((n) => n.id);

/** A processor that a Text Input feeds. */
function connectedProcessors(facts: TutorialFacts): string[] {
  const fed = reachable(
    facts,
    idsOf(facts, (t) => t === INPUT),
  );
  return idsOf(facts, (t) => PROCESSORS.has(t)).filter((id) => fed.has(id));
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'add-input',
    title: 'Add a Text Input',
    body: 'Click “Text Input” in the node library, or drag it onto the canvas. It holds the text your workflow starts from.',
    anchor: '[data-library-item="input.text"]',
    placement: 'right',
    fallback: LIBRARY_RAIL,
    avoid: [],
    done: (f) => f.nodes.some((n) => n.type === INPUT),
  },
  {
    id: 'add-processor',
    title: 'Add a Template or an LLM Chat',
    body: 'A Template puts the text into {{input}} and needs no API key; an LLM Chat sends it to a model. Add one of them.',
    anchor: '[data-library-item="text.template"]',
    placement: 'right',
    fallback: LIBRARY_RAIL,
    avoid: ['[data-library-item="llm.chat"]', ...nodesOf(INPUT)],
    done: (f) => f.nodes.some((n) => PROCESSORS.has(n.type)),
  },
  {
    id: 'connect',
    title: 'Connect them',
    body: 'Drag from the dot on the right of the Text Input to the dot on the left of the Template or LLM Chat.',
    // Under the Text Input, clear of it and of the node it is to be connected to.
    anchor: nodesOf(INPUT)[0] as string,
    placement: 'below',
    avoid: nodesOf(INPUT, ...PROCESSORS),
    done: (f) => connectedProcessors(f).length > 0,
  },
  {
    id: 'add-output',
    title: 'Add an Output and connect it',
    body: 'Add an “Output” node and connect the Template or LLM Chat to it: what reaches it is the result of the run.',
    anchor: '[data-library-item="output"]',
    placement: 'right',
    fallback: LIBRARY_RAIL,
    avoid: nodesOf(...PROCESSORS, OUTPUT),
    done: (f) => {
      const outputs = new Set(idsOf(f, (t) => t === OUTPUT));
      return [...reachable(f, connectedProcessors(f))].some((id) => outputs.has(id));
    },
  },
  {
    id: 'run',
    title: 'Run it',
    body: 'Press Run. The editor saves the workflow first, then runs it on the server.',
    anchor: '[data-testid="run-button"]',
    placement: 'below',
    avoid: [],
    done: (f) => f.runStarted,
  },
  {
    id: 'see-log',
    title: 'Read the log',
    body: 'Each node reports here as it runs. When the run ends, click a node to see what went in and what came out.',
    anchor: '[data-testid="logs-area"]',
    placement: 'above',
    avoid: [],
    done: (f) => f.runEnded && f.logsExpanded,
  },
];

/**
 * The step to show: from the one the user reached, on past every step that the editor
 * already shows done (a reload with the nodes in place skips ahead). Steps are never
 * gone back to: deleting a node later does not undo the tutorial.
 */
export function nextStep(from: number, facts: TutorialFacts, steps: readonly TutorialStep[] = TUTORIAL_STEPS): number {
  let step = Math.max(0, from);
  while (step < steps.length && steps[step]?.done(facts)) step += 1;
  return step;
}
