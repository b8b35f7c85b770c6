import { describe, expect, it } from 'vitest';
import { askedInputs, rerunInputs } from './run-inputs';

const node = (id: string, type: string, label: string, config: Record<string, unknown>) => ({ id, data: { type, label, config } });

describe('askedInputs', () => {
  it('lists the Text Inputs that ask on run, labelled by node and filled with their text', () => {
    const nodes = [
      node('q', 'input.text', 'Question', { text: 'What is Weft?', askOnRun: true }),
      node('fixed', 'input.text', 'Context', { text: 'always this', askOnRun: false }),
      node('llm', 'llm.chat', 'Chat Model', { askOnRun: true }),
      node('blank', 'input.text', 'Notes', { askOnRun: true }),
    ];
    expect(askedInputs(nodes)).toEqual([
      { nodeId: 'q', label: 'Question', initial: 'What is Weft?' },
      { nodeId: 'blank', label: 'Notes', initial: '' },
    ]);
  });
});

describe('rerunInputs', () => {
  it('sends the earlier answers again, the configured text for new askers, and nothing for old ones', () => {
    const fields = [
      { nodeId: 'q', label: 'Question', initial: 'default' },
      { nodeId: 'new', label: 'New', initial: 'new default' },
    ];
    expect(rerunInputs({ q: 'asked before', gone: 'x' }, fields)).toEqual({ q: 'asked before', new: 'new default' });
  });
});
