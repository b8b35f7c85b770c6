import { describe, expect, it } from 'vitest';
import { runAnswer, runInputSlots, runOutputNodeIds, sameInputForAll, takesRunInput } from './run-io.js';

const asking = { id: 'q', data: { type: 'input.text', label: 'Question', config: { text: 'What?', askOnRun: true } } };
const fixed = { id: 'f', data: { type: 'input.text', label: 'Fixed', config: { text: 'always', askOnRun: false } } };
const llm = { id: 'l', data: { type: 'llm.chat', label: 'LLM', config: { askOnRun: true } } };
const out = { id: 'o', data: { type: 'output', label: 'Answer', config: {} } };

describe('run inputs and outputs', () => {
  it('takes the run input only at Text Inputs that ask for it', () => {
    expect([asking, fixed, llm].map(takesRunInput)).toEqual([true, false, false]);
    expect(runInputSlots([fixed, asking, llm, out])).toEqual([{ nodeId: 'q', label: 'Question', initial: 'What?' }]);
  });

  it('labels a slot by id when the node has no label, and offers empty text when it has none', () => {
    expect(runInputSlots([{ id: 'bare', data: { type: 'input.text', config: { askOnRun: true } } }])).toEqual([{ nodeId: 'bare', label: 'bare', initial: '' }]);
  });

  it('gives one value to every asking node, JSON kept as JSON', () => {
    const second = { ...asking, id: 'q2' };
    expect(sameInputForAll([asking, fixed, second], { order: 7 })).toEqual({ q: { order: 7 }, q2: { order: 7 } });
    expect(sameInputForAll([fixed, out], 'hi')).toEqual({});
  });

  it('answers the only output as itself, several (or none) by node id', () => {
    expect(runOutputNodeIds([asking, out])).toEqual(['o']);
    expect(runAnswer(['o'], { o: 'done' })).toBe('done');
    expect(runAnswer(['o'], {})).toBeNull();
    expect(runAnswer(['o', 'p'], { o: 1, p: 2 })).toEqual({ o: 1, p: 2 });
    expect(runAnswer([], {})).toEqual({});
  });
});
