import { describe, expect, it } from 'vitest';
import { parseProgress, progressOnOpen, showsOn } from './tutorial-progress';
import { nextStep, TUTORIAL_STEPS, type TutorialFacts } from './tutorial-steps';

const empty: TutorialFacts = { nodes: [], edges: [], runStarted: false, runEnded: false, logsExpanded: false };
const n = (id: string, type: string) => ({ id, type });
const e = (source: string, target: string) => ({ source, target });

describe('tutorial steps', () => {
  it('has six steps, each with a title, a body and an anchor', () => {
    expect(TUTORIAL_STEPS.map((s) => s.id)).toEqual(['add-input', 'add-processor', 'connect', 'add-output', 'run', 'see-log']);
    for (const step of TUTORIAL_STEPS) expect(step.title && step.body && step.anchor).toBeTruthy();
  });

  it('moves on only as the user does each thing', () => {
    expect(nextStep(0, empty)).toBe(0);
    const input = { ...empty, nodes: [n('a', 'input.text')] };
    expect(nextStep(0, input)).toBe(1);
    const both = { ...input, nodes: [...input.nodes, n('b', 'text.template')] };
    expect(nextStep(1, both)).toBe(2);
    const connected = { ...both, edges: [e('a', 'b')] };
    expect(nextStep(2, connected)).toBe(3);
    // An Output that nothing feeds does not count; one fed by the template does.
    const loose = { ...connected, nodes: [...connected.nodes, n('c', 'output')] };
    expect(nextStep(3, loose)).toBe(3);
    const built = { ...loose, edges: [...loose.edges, e('b', 'c')] };
    expect(nextStep(3, built)).toBe(4);
    expect(nextStep(4, { ...built, runStarted: true, logsExpanded: true })).toBe(5);
    expect(nextStep(5, { ...built, runStarted: true, logsExpanded: true, runEnded: true })).toBe(6);
  });

  it('counts a connection through an inserted converter or merger, and an LLM Chat as well as a Template', () => {
    const facts = { ...empty, nodes: [n('a', 'input.text'), n('m', 'merge'), n('b', 'llm.chat')], edges: [e('a', 'm'), e('m', 'b')] };
    expect(nextStep(2, facts)).toBe(3);
  });

  it('an Output fed straight from the Text Input does not complete the Output step', () => {
    const facts = { ...empty, nodes: [n('a', 'input.text'), n('b', 'text.template'), n('c', 'output')], edges: [e('a', 'b'), e('a', 'c')] };
    expect(nextStep(3, facts)).toBe(3);
  });

  it('skips ahead over what a reloaded workflow already has, and never goes back', () => {
    const built = {
      ...empty,
      nodes: [n('a', 'input.text'), n('b', 'text.template'), n('c', 'output')],
      edges: [e('a', 'b'), e('b', 'c')],
    };
    expect(nextStep(0, built)).toBe(4);
    expect(nextStep(4, empty)).toBe(4);
  });
});

describe('tutorial progress', () => {
  it('reads what it wrote, and counts anything else as never started', () => {
    expect(parseProgress(JSON.stringify({ status: 'active', step: 3, workflowId: 'w1' }))).toEqual({ status: 'active', step: 3, workflowId: 'w1' });
    expect(parseProgress(JSON.stringify({ status: 'active', step: 3, workflowId: null }))).toEqual({ status: 'active', step: 3, workflowId: null });
    // Stored before workflows were recorded: bound to the one open next.
    expect(parseProgress(JSON.stringify({ status: 'active', step: 3 }))).toEqual({ status: 'active', step: 3 });
    expect(parseProgress(JSON.stringify({ status: 'dismissed' }))).toEqual({ status: 'dismissed' });
    expect(parseProgress(JSON.stringify({ status: 'done' }))).toEqual({ status: 'done' });
    for (const raw of [null, '', '{', '"active"', JSON.stringify({ status: 'active', step: -1 }), JSON.stringify({ status: 'active', step: 1.5 })]) {
      expect(parseProgress(raw)).toEqual({ status: 'new' });
    }
  });

  it('starts only on a blank workflow, and shows only on the one it started on', () => {
    const fresh = parseProgress(null);
    // A template's workflow (or any with nodes): not started, so not shown.
    expect(progressOnOpen(fresh, { workflowId: 'tpl', blank: false })).toEqual({ status: 'new' });
    expect(showsOn(progressOnOpen(fresh, { workflowId: 'tpl', blank: false }), 'tpl')).toBe(false);
    // The blank first workflow, not saved yet.
    const started = progressOnOpen(fresh, { workflowId: null, blank: true });
    expect(started).toEqual({ status: 'active', step: 0, workflowId: null });
    expect(showsOn(started, null)).toBe(true);
    const saved = { status: 'active', step: 2, workflowId: 'w1' } as const;
    expect(showsOn(saved, 'w1')).toBe(true);
    expect(showsOn(saved, 'w2')).toBe(false);
    // Opening another workflow meanwhile changes nothing; a legacy value takes the open one.
    expect(progressOnOpen(saved, { workflowId: 'w2', blank: true })).toBe(saved);
    expect(progressOnOpen({ status: 'active', step: 1 }, { workflowId: 'w3', blank: false })).toEqual({ status: 'active', step: 1, workflowId: 'w3' });
    expect(progressOnOpen({ status: 'dismissed' }, { workflowId: null, blank: true })).toEqual({ status: 'dismissed' });
  });
});
