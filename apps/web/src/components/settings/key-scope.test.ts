import { describe, expect, it } from 'vitest';
import { argumentSummary, clientConfig, scopeSummary } from './key-scope';

const names: Record<string, string> = { a: 'Echo', b: 'Look up order', c: 'Digest', d: 'Refunds' };
const nameOf = (id: string) => names[id];

describe('key scope wording', () => {
  it('says which workflows a key may call', () => {
    expect(scopeSummary(null, nameOf)).toBe('Every workflow');
    expect(scopeSummary(['a'], nameOf)).toBe('Only Echo');
    expect(scopeSummary(['a', 'b'], nameOf)).toBe('Only Echo and Look up order');
    expect(scopeSummary(['a', 'b', 'c', 'd'], nameOf)).toBe('Only Echo, Look up order and 2 more');
    expect(scopeSummary(['gone'], nameOf)).toBe('Only a deleted workflow');
  });

  it('lists a tool’s arguments, the required ones marked', () => {
    expect(argumentSummary({ properties: { order_id: {}, note: {} }, required: ['order_id'] })).toBe('order_id (required), note');
    expect(argumentSummary({})).toBe('no arguments');
  });

  it('writes the client settings with the endpoint and a placeholder key', () => {
    expect(JSON.parse(clientConfig('https://weft.example/api/mcp'))).toEqual({
      mcpServers: { weft: { url: 'https://weft.example/api/mcp', headers: { Authorization: 'Bearer wk_…' } } },
    });
  });
});
