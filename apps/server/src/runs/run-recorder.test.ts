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

    const stored = JSON.parse(recorder.columns('success').events ?? '[]') as RunEvent[];
    // The tail held back while the secret was incomplete went out with the next token.
    expect(stored).toHaveLength(events.length);
    const tokens = stored.filter((e): e is Extract<RunEvent, { type: 'node:token' }> => e.type === 'node:token');
    expect(tokens.map((t) => t.text).join('')).toBe('Your key is ••••, keep it safe.');
    expect(JSON.stringify(stored)).not.toContain('0123456789');
    expect(recorder.columns('success').nodes).not.toContain('0123456789');
  });

  it('masks a split secret in the live stream too: no token event ever shows a piece of it (issue 9, abuse 9)', () => {
    const recorder = new RunRecorder(createSecretMasker([SECRET]));
    const events = tokenRun(['Your key is sk-sp', 'lit-0123', '456789, keep', ' it safe.']);
    // What a live watcher gets is each event as recorded, at once.
    const live: RunEvent[] = [];
    for (const event of events) {
      const before = recorder.events.length;
      recorder.record(event);
      live.push(...recorder.events.slice(before));
    }
    const shown = live.filter((e): e is Extract<RunEvent, { type: 'node:token' }> => e.type === 'node:token').map((t) => t.text);
    expect(shown.join('')).toBe('Your key is ••••, keep it safe.');
    for (const piece of ['sk-sp', 'lit-0123', '456789', 'sk-split']) expect(shown.some((text) => text.includes(piece))).toBe(false);
    // Only text that could begin the secret waits: what comes before it streams at once.
    expect(shown[0]).toBe('Your key is ');
    expect(live.at(-1)?.type).toBe('run:finished');
  });

  it('leaves tokens untouched when nothing in them is secret', () => {
    const recorder = new RunRecorder(createSecretMasker([SECRET]));
    const events = tokenRun(['Hello', ' there']);
    for (const event of events) recorder.record(event);
    const stored = JSON.parse(recorder.columns('success').events ?? '[]') as RunEvent[];
    expect(stored.filter((e) => e.type === 'node:token').map((e) => (e as { text: string }).text)).toEqual(['Hello', ' there']);
  });
});
