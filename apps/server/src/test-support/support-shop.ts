import type http from 'node:http';
import type { ChatCompletionRequest, PeerTurn } from './openai-peer.js';

/**
 * The Support agent template's world for tests (the server's run-templates.test.ts and
 * the browser's): the shop's help articles, its order API, and a scripted model that uses
 * them as the template's tools. The model answers only from what it is sent, so an answer
 * shows what reached it: a passage, an order, or an earlier turn's tool result (memory).
 */

/** Help articles to upload into the template's Help Articles node. */
export const HELP_ARTICLES =
  '# Help\n\n## Returns\n\nYou can return any item within 30 days of delivery, unused and in its box.\n\n## Shipping\n\nOrders leave our workshop within two working days.\n';

/** The one order the shop's API knows; any other id is a 404. */
export const SHOP_ORDER = { id: 'A-1042', status: 'shipped', carrier: 'DHL', estimatedDelivery: '2026-12-02', items: ['Linen apron'] };

/** What the model answers each of the three turns of the tests' conversation. */
export const SUPPORT_ANSWERS = {
  returns: 'You can return an item within 30 days of delivery.',
  order: `Order ${SHOP_ORDER.id} is ${SHOP_ORDER.status}.`,
  arrival: `It should arrive on ${SHOP_ORDER.estimatedDelivery}.`,
  unknownOrder: 'I do not know which order you mean.',
} as const;

type Message = ChatCompletionRequest['messages'][number];

/** A message's content as text (a string as is, parts as JSON). */
export function messageText(message: Message | undefined): string {
  return typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? '');
}

/**
 * The Support agent's model, for the OpenAI-compatible peer's `turn`: a return question
 * searches the help articles, a message naming an order looks it up, and anything else is
 * a follow-up answered only from the tool results of earlier turns it was sent, or not at all.
 */
export function supportAgentTurn(request: ChatCompletionRequest): PeerTurn {
  const { messages } = request;
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const task = messageText(messages[lastUser]);
  const results = messages
    .slice(lastUser + 1)
    .filter((m) => m.role === 'tool')
    .map(messageText)
    .join(' ');
  if (/return/i.test(task)) {
    if (results === '') return { toolCalls: [{ name: 'search_help_articles', arguments: { input: 'return an item' } }] };
    const days = /(\d+) days/.exec(results)?.[1];
    return { text: days ? SUPPORT_ANSWERS.returns.replace('30', days) : 'I do not know.' };
  }
  const order = /order ([A-Z]-\d+)/i.exec(task)?.[1];
  if (order) {
    if (results === '') return { toolCalls: [{ name: 'look_up_order', arguments: { orderId: order } }] };
    return { text: `Order ${order} is ${/"status":"(\w+)"/.exec(results)?.[1] ?? 'unknown to me'}.` };
  }
  const earlier = messages
    .slice(0, lastUser)
    .filter((m) => m.role === 'tool')
    .map(messageText)
    .join(' ');
  const delivery = /"estimatedDelivery":"([^"]+)"/.exec(earlier)?.[1];
  return { text: delivery ? `It should arrive on ${delivery}.` : SUPPORT_ANSWERS.unknownOrder };
}

/**
 * Answers `/orders/<id>` as the shop's order API, noting the path in `lookups`; false for
 * any other path, which the caller's server answers.
 */
export function answerOrderLookup(req: http.IncomingMessage, res: http.ServerResponse, lookups: string[]): boolean {
  if (!req.url?.startsWith('/orders/')) return false;
  lookups.push(req.url);
  if (req.url === `/orders/${SHOP_ORDER.id}`) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SHOP_ORDER));
  else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"No such order"}');
  return true;
}
