import { TEMPLATES, validateWorkflow, type WorkflowTemplate, workflowSetupNeeds } from '@weft/core';
import { BUILTIN_NODES } from '@weft/nodes';
import { describe, expect, it } from 'vitest';
import { TEST_DEFINITIONS } from '../store/test-definitions';
import { workflowFromTemplate } from './template-workflow';

const small: WorkflowTemplate = {
  id: 't',
  name: 'Docs to text',
  summary: '',
  description: '',
  category: 'RAG',
  trigger: 'Manual run',
  preview: [],
  nodes: [
    { key: 'load', type: 'test.source.documents', label: 'Load Documents' },
    { key: 'llm', type: 'llm.missing', label: 'Answer' },
    { key: 'show', type: 'test.sink.text', label: 'Show' },
  ],
  connections: [
    { from: { node: 'load', port: 'out' }, to: { node: 'show', port: 'in' } },
    { from: { node: 'load', port: 'out' }, to: { node: 'llm', port: 'input' } },
  ],
  parameters: [{ key: 'topic', value: 'moons', description: 'What it is about' }],
};

describe('workflow from a template', () => {
  const { document, problems } = workflowFromTemplate(small, TEST_DEFINITIONS);

  it('places the known nodes as the template names them and says what this server lacks', () => {
    expect(document.name).toBe('Docs to text');
    expect(problems).toEqual(['Answer: this server has no "llm.missing" node']);
    expect(document.nodes.map((n) => n.data.label)).toEqual(['Load Documents', 'Show', 'Extract Text']);
    expect(document.globalParameters).toEqual({ topic: { key: 'topic', value: 'moons', description: 'What it is about' } });
  });

  it('joins them through the connection rules, which insert the converter', () => {
    expect(document.edges.map((e) => e.data.type)).toEqual(['documents', 'text']);
    const converter = document.nodes.find((n) => n.data.type === 'convert');
    expect(converter?.data.config).toEqual({ sourceType: 'documents', targetType: 'text' });
  });

  it('lays them out left to right', () => {
    const [load, show, extract] = document.nodes;
    expect(load && extract && show && load.position.x < extract.position.x && extract.position.x < show.position.x).toBe(true);
  });
});

describe('the shipped templates against the real catalogue', () => {
  const built = (id: string) => {
    const template = TEMPLATES.find((t) => t.id === id);
    if (!template) throw new Error(id);
    return workflowFromTemplate(template, BUILTIN_NODES).document;
  };
  const converters = (id: string) =>
    built(id)
      .nodes.filter((n) => n.data.type === 'convert')
      .map((n) => `${n.data.config.sourceType}->${n.data.config.targetType}`)
      .sort();

  it.each(TEMPLATES.map((t) => [t.id, t] as const))('%s builds every node and connection and is a valid workflow', (_id, template) => {
    const { document, problems } = workflowFromTemplate(template, BUILTIN_NODES);
    expect(problems).toEqual([]);
    expect(document.nodes.length).toBeGreaterThanOrEqual(template.nodes.length);
    expect(validateWorkflow(document, BUILTIN_NODES)).toEqual([]);
  });

  it('inserts the converters each template relies on', () => {
    expect(converters('daily-slack-summary')).toEqual([]);
    expect(converters('spreadsheet-summarizer')).toEqual(['documents->text']);
    expect(converters('keyword-alert')).toEqual(['documents->text']);
    expect(converters('document-qa')).toEqual(['results->context', 'text->query']);
    // Its tools meet the Agent on the Tools port, which takes them as they are.
    expect(converters('support-agent')).toEqual([]);
  });

  it('lists what a new user must still provide, and nothing once it is there', () => {
    const needs = (id: string, secrets: string[]) =>
      workflowSetupNeeds(built(id), BUILTIN_NODES, secrets).map((n) =>
        n.kind === 'secret' ? `secret ${n.name}` : n.kind === 'parameter' ? `parameter ${n.key}` : `field ${n.fieldKey}`,
      );
    expect(needs('daily-slack-summary', [])).toEqual(['secret OPENAI_API_KEY', 'secret SLACK_WEBHOOK_URL']);
    expect(needs('spreadsheet-summarizer', [])).toEqual(['secret OPENAI_API_KEY', 'field file']);
    expect(needs('keyword-alert', [])).toEqual(['secret SLACK_WEBHOOK_URL', 'parameter pageUrl', 'parameter keyword']);
    expect(needs('document-qa', [])).toEqual(['secret OPENAI_API_KEY', 'field file']);
    expect(needs('support-agent', [])).toEqual(['secret OPENAI_API_KEY', 'parameter orderApiUrl', 'field file']);
    expect(needs('daily-slack-summary', ['OPENAI_API_KEY', 'SLACK_WEBHOOK_URL'])).toEqual([]);
  });
});
