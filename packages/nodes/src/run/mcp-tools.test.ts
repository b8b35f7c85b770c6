import { configWithDefaults } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { type McpToolsConfig, mcpToolsNode } from '../mcp-tools.node.js';
import { chooseTools, providerName, resultForModel, serverRef } from './mcp-tools.js';

const config = (values: Record<string, unknown>) => configWithDefaults(mcpToolsNode, values) as McpToolsConfig;
const listed = [
  { name: 'search', inputSchema: { type: 'object' } },
  { name: 'create_issue', inputSchema: { type: 'object' } },
];

describe('MCP Tools settings', () => {
  it('makes the server reference: headers, the bearer token, the timeout', () => {
    expect(serverRef(config({ url: ' https://mcp.example.com/mcp ', bearerToken: 'tok', headers: { 'X-Tenant': 'acme' }, timeoutSeconds: 5 }))).toEqual({
      url: 'https://mcp.example.com/mcp',
      transport: 'auto',
      headers: { 'X-Tenant': 'acme', Authorization: 'Bearer tok' },
      timeoutMs: 5000,
    });
  });

  it.each([
    [{ url: '' }, 'Server URL is required: the MCP server’s endpoint, such as https://mcp.example.com/mcp'],
    [{ url: 'mcp.example.com' }, 'Server URL "mcp.example.com" is not a URL; write it whole, such as https://mcp.example.com/mcp'],
    [{ url: 'ftp://x/mcp' }, 'Server URL must start with https:// or http://, not ftp://'],
    [{ url: 'https://x', headers: { Accept: 'text/plain' } }, 'Header Accept is set by the MCP transport itself; remove it from Headers'],
    [{ url: 'https://x', headers: { 'X-N': 5 } }, 'Header X-N must be text, not number'],
    [{ url: 'https://x', headers: ['a'] }, 'Headers must be an object of names and values, such as {"X-Api-Key": "{{secrets.KEY}}"}'],
    [
      { url: 'https://x', bearerToken: '{{secrets.GONE}}' },
      'Bearer token refers to {{secrets.GONE}}, but you have no secret named "GONE": add it in Settings → Secrets',
    ],
  ])('refuses %j', (values, message) => {
    expect(() => serverRef(config(values))).toThrow(message);
  });

  it('chooses the named tools, all of them when none is named, and names the ones missing', () => {
    expect(chooseTools(listed, '', 'https://x').map((t) => t.name)).toEqual(['search', 'create_issue']);
    expect(chooseTools(listed, ' create_issue,\nsearch , search', 'https://x').map((t) => t.name)).toEqual(['create_issue', 'search']);
    expect(() => chooseTools(listed, 'search delete_repo', 'https://mcp.example.com/mcp')).toThrow(
      'mcp.example.com has no tool delete_repo (it offers search, create_issue); fix Tools to offer',
    );
  });

  it('spells names as providers accept them', () => {
    expect(providerName('search_issues')).toBe('search_issues');
    expect(providerName('github.search/issues')).toBe('github_search_issues');
    expect(providerName('…')).toBe('tool');
  });

  it('gives the model structured results, text, or the failure as an error', () => {
    expect(resultForModel({ content: [{ type: 'text', text: '5' }], structured: { sum: 5 }, isError: false }, 'add')).toEqual({ sum: 5 });
    expect(
      resultForModel(
        {
          content: [
            { type: 'text', text: 'a' },
            { type: 'other', description: 'image' },
          ],
          isError: false,
        },
        'x',
      ),
    ).toBe('a\n\n[image]');
    expect(() => resultForModel({ content: [{ type: 'text', text: 'closed' }], isError: true }, 'x')).toThrow('closed');
    expect(() => resultForModel({ content: [], isError: true }, 'fetch')).toThrow('fetch failed and did not say why');
  });
});
