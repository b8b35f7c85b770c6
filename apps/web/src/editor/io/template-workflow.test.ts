import { validateWorkflow } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { TEMPLATES, type WorkflowTemplate } from '../../lib/templates';
import { TEST_DEFINITIONS } from '../store/test-definitions';
import { workflowFromTemplate } from './template-workflow';

const template: WorkflowTemplate = {
  id: 't',
  name: 'Docs to text',
  summary: '',
  description: '',
  category: 'RAG',
  trigger: 'Manual run',
  nodes: [
    { type: 'test.source.documents', title: 'Load Documents', category: 'RAG', icon: 'file' },
    { type: 'convert', title: 'Extract Text', category: 'Converters', icon: 'text' },
    { type: 'llm.chat', title: 'Answer', category: 'AI', icon: 'sparkles' },
    { type: 'test.sink.text', title: 'Show', category: 'Outputs', icon: 'output' },
  ],
};

describe('workflow from a template', () => {
  const { document, missing } = workflowFromTemplate(template, TEST_DEFINITIONS);

  it('places the known nodes, named as the template names them', () => {
    expect(document.name).toBe('Docs to text');
    expect(missing).toEqual(['Answer']);
    expect(document.nodes.map((n) => n.data.label)).toEqual(['Load Documents', 'Show', 'Extract Text']);
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

describe('the shipped templates', () => {
  // Test-only import: the app gets definitions from the API, but templates and the
  // catalogue must not drift apart, or a template opens with nodes missing.
  it.each(TEMPLATES.map((t) => [t.id, t]))('%s opens with every node, all connected', async (_id, shipped) => {
    const { BUILTIN_NODES } = await import('@weft/nodes');
    const { document, missing } = workflowFromTemplate(shipped, BUILTIN_NODES);
    expect(missing).toEqual([]);
    const placed = shipped.nodes.filter((n) => !n.trigger && n.type !== 'convert').length;
    expect(document.nodes.filter((n) => n.data.type !== 'convert').length).toBe(placed);
    expect(validateWorkflow(document, BUILTIN_NODES)).toEqual([]);
  });
});
