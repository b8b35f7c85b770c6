import type { RunEvent } from '@weft/core';
import { describe, expect, it } from 'vitest';
import { createSecretMasker } from '../secrets/secret-masker.js';
import { RunRecorder } from './run-recorder.js';

const SECRET = 'sk-split-0123456789';

function tokenRun(pieces: string[]): RunEvent[] {
  const base = { runId: 'r1', at: 1 };
  return [
    { ...base, type: 'run:started', nodeIds: ['llm'] },
    { ...base, type: 'node:started', nodeId: 'llm', attempt: 1, inputs: {} },
    ...pieces.map((text): RunEvent => ({ ...base, type: 'node:token', nodeId: 'llm', text })),
    { ...base, type: 'node:finished', nodeId: 'llm', outputs: { output: pieces.join('') }, durationMs: 1 },
    { ...base, type: 'run:finished', status: 'success', outputs: {} },
  ];
}

describe('RunRecorder', () => {
  it('masks a secret split across streamed tokens in the stored events, keeping every sequence number', () => {
    const recorder = new RunRecorder(createSecretMasker([SECRET]));
    const events = tokenRun(['Your key is sk-split-', '0123456789', ', keep it safe.']);
    for (const event of events) recorder.record(event);

    const stored = JSON.parse(recorder.columns().events) as RunEvent[];
    expect(stored).toHaveLength(events.length);
    const tokens = stored.filter((e): e is Extract<RunEvent, { type: 'node:token' }> => e.type === 'node:token');
    expect(tokens.map((t) => t.text).join('')).toBe('Your key is ••••, keep it safe.');
    expect(JSON.stringify(stored)).not.toContain('0123456789');
    expect(recorder.columns().nodes).not.toContain('0123456789');
  });

  it('leaves tokens untouched when nothing in them is secret', () => {
    const recorder = new RunRecorder(createSecretMasker([SECRET]));
    const events = tokenRun(['Hello', ' there']);
    for (const event of events) recorder.record(event);
    const stored = JSON.parse(recorder.columns().events) as RunEvent[];
    expect(stored.filter((e) => e.type === 'node:token').map((e) => (e as { text: string }).text)).toEqual(['Hello', ' there']);
  });
});
