import { type NodeDefinition, TEMPLATES } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { describe, expect, it } from 'vitest';
import { workflowFromTemplate } from '../io/template-workflow';
import { chatEligibility } from './chat-eligibility';

const definitions: ReadonlyMap<string, NodeDefinition> = new Map(BUILTIN_NODES.map((d) => [d.type, d]));

type Config = Record<string, unknown>;
const node = (id: string, type: string, config: Config = {}) => ({ id, data: { type, config } });
const edge = (source: string, sourceHandle: string, target: string, type?: 'text' | 'json') => ({
  source,
  sourceHandle,
  target,
  ...(type ? { data: { type } } : {}),
});

const asked = node('in', 'input.text', { askOnRun: true, text: '' });
const llm = node('llm', 'llm.chat');
const out = node('out', 'output');
// Text Input ─▶ LLM Chat ─▶ Output
const chain = { nodes: [asked, llm, out], edges: [edge('in', 'output', 'llm'), edge('llm', 'output', 'out')] };

describe('chat eligibility', () => {
  it('takes Text Input → LLM Chat → Output, streaming from the node that feeds the Output', () => {
    expect(chatEligibility(chain.nodes, chain.edges, definitions)).toEqual({
      ok: true,
      target: { inputNodeId: 'in', outputNodeId: 'out', answerSourceId: 'llm' },
    });
  });

  it('takes a Text Input straight into the Output (an echo)', () => {
    expect(chatEligibility([asked, out], [edge('in', 'output', 'out')], definitions)).toMatchObject({ ok: true });
  });

  it.each([
    ['an empty workflow', [], [], /Add a Text Input, an LLM Chat and an Output/],
    ['no Text Input asking on run', [node('in', 'input.text'), llm, out], chain.edges, /“Ask for this value when the workflow runs” turned on/],
    ['two asking Text Inputs', [asked, node('in2', 'input.text', { askOnRun: true }), llm, out], chain.edges, /one message, but 2 Text Inputs ask/],
    ['no Output', [asked, llm], [edge('in', 'output', 'llm')], /needs an Output node/],
    ['two Outputs', [...chain.nodes, node('out2', 'output')], chain.edges, /this workflow has 2 Output nodes/],
    ['an Output fed by nothing', chain.nodes, [edge('in', 'output', 'llm')], /nothing feeds it yet/],
  ])('refuses %s, saying why', (_name, nodes, edges, reason) => {
    const result = chatEligibility(nodes, edges, definitions);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('refuses an Output receiving another type than text, naming it', () => {
    // Code returns JSON; the HTTP Request's body is text, so the type comes from the port, not the node.
    const code = node('code', 'code.javascript');
    const result = chatEligibility([asked, code, out], [edge('in', 'output', 'code'), edge('code', 'output', 'out')], definitions);
    expect(result).toEqual({ ok: false, reason: 'Chat answers in text, but the Output node receives JSON.' });
  });

  it('reads a config-typed port (a converter to text qualifies, to JSON not)', () => {
    const toText = node('conv', 'convert', { sourceType: 'documents', targetType: 'text' });
    const edges = [edge('in', 'output', 'conv'), edge('conv', 'output', 'out')];
    expect(chatEligibility([asked, toText, out], edges, definitions)).toMatchObject({ ok: true, target: { answerSourceId: 'conv' } });
    const toJson = node('conv', 'convert', { sourceType: 'text', targetType: 'json' });
    expect(chatEligibility([asked, toJson, out], edges, definitions)).toMatchObject({ ok: false, reason: /receives JSON/ });
  });

  it('falls back to the type stored on the edge for a node type this server does not know', () => {
    const unknown = node('x', 'custom.gone');
    const into = edge('in', 'output', 'x');
    expect(chatEligibility([asked, unknown, out], [into, edge('x', 'result', 'out', 'text')], definitions)).toMatchObject({ ok: true });
    expect(chatEligibility([asked, unknown, out], [into, edge('x', 'result', 'out')], definitions)).toMatchObject({
      ok: false,
      reason: /receives a value of unknown type/,
    });
  });

  it('refuses when the message cannot reach the Output', () => {
    // Text Input (asking) alone; another Text Input ─▶ LLM ─▶ Output.
    const other = node('fixed', 'input.text', { text: 'Hi' });
    const result = chatEligibility([asked, other, llm, out], [edge('fixed', 'output', 'llm'), edge('llm', 'output', 'out')], definitions);
    expect(result).toMatchObject({ ok: false, reason: /would not reach the Output/ });
  });

  it('lets the Document Q&A and Support agent templates chat and tells why the scheduled ones cannot', () => {
    const verdicts = TEMPLATES.map((template) => {
      const { document } = workflowFromTemplate(template, BUILTIN_NODES);
      const result = chatEligibility(document.nodes, document.edges, definitions);
      return [template.id, result.ok ? 'ok' : result.reason];
    });
    expect(Object.fromEntries(verdicts)).toEqual({
      'daily-slack-summary': expect.stringMatching(/needs a Text Input/),
      'document-qa': 'ok',
      'keyword-alert': expect.stringMatching(/needs a Text Input/),
      'spreadsheet-summarizer': expect.stringMatching(/needs a Text Input/),
      'support-agent': 'ok',
    });
  });
});
