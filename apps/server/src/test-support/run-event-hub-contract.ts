import type { RunEvent } from '@weft/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEventHub } from '../runs/run-event-hub.js';

/** A hub under test: `ready` resolves once events published now reach `executionId`'s listeners. */
export interface HubUnderTest {
  hub: RunEventHub;
  ready(executionId: string): Promise<void>;
  close(): Promise<void>;
}

function log(executionId: string, message: string): RunEvent {
  return { type: 'node:log', runId: executionId, at: 1, nodeId: 'n', level: 'info', message };
}

/**
 * What every RunEventHub promises (run-event-hub.ts), run against each implementation:
 * the embedded one and scale-out's Redis one. Delivery may be asynchronous, so the suite
 * waits for what it expects rather than for time.
 */
export function describeRunEventHubContract(name: string, make: () => Promise<HubUnderTest>): void {
  describe(`RunEventHub contract: ${name}`, () => {
    let subject: HubUnderTest;
    let counter = 0;
    const id = () => `hub-contract-${process.pid}-${Date.now()}-${++counter}`;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => {
      await subject.close();
    });

    it("delivers one execution's events in order, each with its sequence number", async () => {
      const execution = id();
      const seen: [number, string][] = [];
      subject.hub.subscribe(execution, (seq, event) => seen.push([seq, event.type === 'node:log' ? event.message : event.type]));
      await subject.ready(execution);
      for (let seq = 1; seq <= 50; seq++) subject.hub.publish(execution, seq, log(execution, `m${seq}`));
      await expect.poll(() => seen.length).toBe(50);
      expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => [i + 1, `m${i + 1}`]));
    });

    it('keeps executions apart, and gives every listener of one execution its events', async () => {
      const a = id();
      const b = id();
      const first: string[] = [];
      const second: string[] = [];
      const other: string[] = [];
      subject.hub.subscribe(a, (_seq, event) => first.push(event.runId));
      subject.hub.subscribe(a, (_seq, event) => second.push(event.runId));
      subject.hub.subscribe(b, (_seq, event) => other.push(event.runId));
      await Promise.all([subject.ready(a), subject.ready(b)]);
      expect(subject.hub.listenerCount(a)).toBe(2);
      subject.hub.publish(a, 1, log(a, 'for a'));
      subject.hub.publish(b, 1, log(b, 'for b'));
      await expect.poll(() => [first.length, second.length, other.length]).toEqual([1, 1, 1]);
      expect([...first, ...second]).toEqual([a, a]);
      expect(other).toEqual([b]);
    });

    it('stops delivering to a listener that unsubscribed, and counts it gone', async () => {
      const execution = id();
      const kept: number[] = [];
      const dropped: number[] = [];
      subject.hub.subscribe(execution, (seq) => kept.push(seq));
      const unsubscribe = subject.hub.subscribe(execution, (seq) => dropped.push(seq));
      await subject.ready(execution);
      subject.hub.publish(execution, 1, log(execution, 'one'));
      await expect.poll(() => [kept.length, dropped.length]).toEqual([1, 1]);
      unsubscribe();
      expect(subject.hub.listenerCount(execution)).toBe(1);
      subject.hub.publish(execution, 2, log(execution, 'two'));
      await expect.poll(() => kept).toEqual([1, 2]);
      expect(dropped).toEqual([1]);
    });

    it('keeps delivering to the others when one listener throws', async () => {
      const execution = id();
      const seen: number[] = [];
      subject.hub.subscribe(execution, () => {
        throw new Error('a watcher whose socket died');
      });
      subject.hub.subscribe(execution, (seq) => seen.push(seq));
      await subject.ready(execution);
      subject.hub.publish(execution, 1, log(execution, 'one'));
      subject.hub.publish(execution, 2, log(execution, 'two'));
      await expect.poll(() => seen).toEqual([1, 2]);
    });

    it('publishes to nobody without failing, and counts no listeners', () => {
      const execution = id();
      expect(() => subject.hub.publish(execution, 1, log(execution, 'unheard'))).not.toThrow();
      expect(subject.hub.listenerCount(execution)).toBe(0);
    });
  });
}
