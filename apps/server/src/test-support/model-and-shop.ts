import { afterAll, beforeAll } from 'vitest';
import { type HttpPeer, startHttpPeer } from './http-peer.js';
import { type OpenAiPeer, startOpenAiPeer } from './openai-peer.js';

/**
 * An OpenAI-compatible model peer (tokens without delay) and an HTTP peer (a shop, an order
 * service) for one suite: started before its tests and closed after them. Read them through
 * the getters once the suite runs.
 */
export function useModelAndShop(): { model: () => OpenAiPeer; shop: () => HttpPeer } {
  let model: OpenAiPeer | undefined;
  let shop: HttpPeer | undefined;
  beforeAll(async () => {
    model = await startOpenAiPeer({ tokenDelayMs: 0 });
    shop = await startHttpPeer();
  });
  afterAll(async () => {
    await model?.close();
    await shop?.close();
  });
  const started = <T>(peer: T | undefined, name: string): T => {
    if (!peer) throw new Error(`the ${name} peer is read before its suite started it`);
    return peer;
  };
  return { model: () => started(model, 'model'), shop: () => started(shop, 'shop') };
}
