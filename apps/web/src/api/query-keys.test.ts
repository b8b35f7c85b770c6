import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Every fixed key and one instance of each key maker. */
function everyKey(): (readonly unknown[])[] {
  const found: (readonly unknown[])[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) found.push(value);
    else if (typeof value === 'function') found.push((value as (...args: unknown[]) => readonly unknown[])('w1', 2));
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(queryKeys);
  return found;
}

const startsWith = (key: readonly unknown[], root: readonly unknown[]) => root.every((part, index) => Object.is(key[index], part));

describe('queryKeys', () => {
  it('spells each entry once: no two keys are equal', () => {
    const keys = everyKey().map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts every executions list under the root an invalidation names', () => {
    for (const key of [queryKeys.executions.list({ workflowId: 'w', limit: 10 }), queryKeys.executions.pages({ status: 'error' })]) {
      expect(startsWith(key, queryKeys.executions.all)).toBe(true);
    }
    expect(queryKeys.executions.pages({})).not.toEqual(queryKeys.executions.list({}));
  });

  it('puts one workflow’s versions under its list, and every list under the root', () => {
    expect(startsWith(queryKeys.workflowVersions.one('w', 3), queryKeys.workflowVersions.list('w'))).toBe(true);
    expect(startsWith(queryKeys.workflowVersions.list('w'), queryKeys.workflowVersions.all)).toBe(true);
    expect(startsWith(queryKeys.workflowVersions.list('other'), queryKeys.workflowVersions.list('w'))).toBe(false);
  });

  it('keeps resources apart: invalidating one resource touches no other', () => {
    const { workflows, nodeDefinitions, customNodes, files, collections, usage, secrets, apiKeys, notifications, versionRetention, authProviders } = queryKeys;
    for (const root of [workflows, nodeDefinitions, customNodes, files, collections, usage, secrets, apiKeys, notifications, versionRetention, authProviders]) {
      expect(everyKey().filter((key) => startsWith(key, root))).toEqual([root]);
    }
  });
});
