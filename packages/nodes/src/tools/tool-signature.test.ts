import { configWithDefaults, toolName as coreToolName, type ExecutionNode, toolSignature, uniqueNames } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_NODES } from '../catalogue.js';
import { nodeTool, toolName, uniqueToolNames } from './node-tools.js';

/**
 * The editor's tools overview shows each tool's name and arguments from core's
 * `toolSignature`; the Agent's run tells its model what `nodeTool` gives. They must agree,
 * for every built-in type that can be a tool, with fields empty, filled, and with
 * `{{args.…}}` written in.
 */
const TOOL_TYPES = BUILTIN_NODES.filter((type) => type.toolUse && !type.tools && type.run);

function node(type: (typeof TOOL_TYPES)[number], config: Record<string, unknown>, label = `My ${type.title}`): ExecutionNode {
  return { id: 'n1', type: type.type, label, config: configWithDefaults(type, config) } as ExecutionNode;
}

describe('toolSignature (core) and nodeTool (the Agent run) agree', () => {
  it('covers the tool types', () => {
    expect(TOOL_TYPES.map((type) => type.type)).toEqual(expect.arrayContaining(['http.request', 'code.javascript', 'rag.retrieve']));
  });

  for (const type of TOOL_TYPES) {
    it(`${type.type}: defaults, and a text field with {{args.orderId}} and {{input}}`, () => {
      const firstText = type.config.find((field) => field.kind === 'text' || field.kind === 'prompt' || field.kind === 'code');
      const configs = [{}, firstText ? { [firstText.key]: 'order {{args.orderId}} for {{input}}' } : {}];
      for (const config of configs) {
        const built = node(type, config);
        const tool = nodeTool(built, type);
        const signature = toolSignature(built, type);
        expect(signature).toMatchObject({ name: tool.name, description: tool.description, parameters: tool.parameters });
      }
    });
  }

  it('names and makes names unique the same way', () => {
    expect(toolName('Look up order!')).toBe(coreToolName('Look up order!'));
    const type = TOOL_TYPES[0];
    if (!type) throw new Error('no tool type');
    const tools = [nodeTool(node(type, {}, 'Same'), type), nodeTool(node(type, {}, 'Same'), type)];
    expect(uniqueToolNames(tools).map((tool) => tool.name)).toEqual(uniqueNames(tools.map((tool) => tool.name)));
    expect(uniqueNames(['same', 'same', 'same'])).toEqual(['same', 'same_2', 'same_3']);
  });
});
