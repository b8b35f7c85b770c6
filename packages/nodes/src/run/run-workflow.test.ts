import { describe, expect, it } from 'vitest';
import type { CalledWorkflow } from '../services/workflow-service.js';
import { argumentsOf } from './run-workflow.js';

const twoInputs: CalledWorkflow = {
  id: 'w1',
  name: 'Answer',
  parameters: { type: 'object', properties: { question: { type: 'string' }, tone: { type: 'string' } }, required: ['question'] },
};

describe('Run Workflow arguments', () => {
  it('takes the configured inputs, and the Input value fills the one left unset', () => {
    expect(argumentsOf(twoInputs, { tone: 'dry' }, 'why?')).toEqual({ tone: 'dry', question: 'why?' });
    expect(argumentsOf(twoInputs, { tone: 'dry' }, undefined)).toEqual({ tone: 'dry' });
  });

  it('merges an object from Input by name, over the configured ones', () => {
    expect(argumentsOf(twoInputs, { tone: 'dry', question: 'a' }, { question: 'b' })).toEqual({ tone: 'dry', question: 'b' });
  });

  it('refuses an Input value with no single input to fill, naming the inputs', () => {
    expect(() => argumentsOf(twoInputs, {}, 'why?')).toThrow(
      'The Input value has no run input to fill in "Answer": its run inputs are question, tone. Connect an object, or set Run inputs by name.',
    );
    expect(() => argumentsOf({ ...twoInputs, parameters: { type: 'object', properties: {} } }, {}, 'x')).toThrow('it has no run inputs');
    expect(() => argumentsOf(twoInputs, ['x'], undefined)).toThrow('Run inputs must be an object');
  });
});
