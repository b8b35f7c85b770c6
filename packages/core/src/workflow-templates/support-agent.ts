import { ingestBranch, link, OPENAI_KEY_SECRET, type WorkflowTemplate } from './workflow-template.js';

const SYSTEM_PROMPT = `You are the support agent of a small online shop: polite, warm and brief.
Answer only from what your tools return. For questions about how the shop works (returns, shipping, payment, accounts), search the help articles first. Whenever the customer mentions an order, look it up by its id before saying anything about it; never guess a status or a date. If the customer asks about "it" or "my order", use the order from earlier in the conversation.
If neither the help articles nor the order answer the question, say that you do not know and offer to pass it on to a colleague. Never invent policies, prices or order details.`;

/**
 * Help articles → split → embed & store; the customer's message → an Agent that searches
 * those articles and looks orders up over HTTP as tools, remembering the conversation per
 * session → the answer. The ingest branch ends in the Agent's After input, so a run that
 * indexes new articles searches them (a tool node has no connection of its own to wait on).
 */
const ingest = ingestBranch({ key: 'articles', label: 'Help Articles' }, '{{params.collection}}');

export const supportAgent: WorkflowTemplate = {
  id: 'support-agent',
  name: 'Support agent',
  summary: 'A chat agent that answers customers from your help articles, looks up their orders and remembers the conversation.',
  description:
    'Answers customer questions from your help articles, looks an order up in your shop’s API whenever one is mentioned, and remembers the conversation, so “when will it arrive?” is about the order just discussed. It says so when it does not know instead of guessing. Chat with it in the editor, or from your site through the API or a webhook with a session id.',
  category: 'Agents',
  trigger: 'Chat, API or webhook',
  preview: [
    { type: 'rag.load', title: 'Help Articles', category: 'RAG', icon: 'file' },
    { type: 'rag.store', title: 'Embed & Store', category: 'RAG', icon: 'database' },
    { type: 'input.text', title: 'Customer Message', category: 'Inputs', icon: 'chat' },
    { type: 'rag.retrieve', title: 'Search Help Articles', category: 'RAG', icon: 'search' },
    { type: 'http.request', title: 'Look Up Order', category: 'Integrations', icon: 'globe' },
    { type: 'ai.agent', title: 'Support Agent', category: 'AI', icon: 'bot' },
  ],
  nodes: [
    // Replace: the collection follows the articles, so each turn embeds nothing new.
    ...ingest.nodes,
    {
      key: 'message',
      type: 'input.text',
      label: 'Customer Message',
      config: { text: 'How long do I have to return an item?', askOnRun: true },
    },
    {
      key: 'search',
      type: 'rag.retrieve',
      label: 'Search Help Articles',
      description:
        'Searches the shop’s help articles (returns, shipping, payment, accounts) and returns the best-matching passages, each with its source. Use it for any question about how the shop works.',
      config: { collection: '{{params.collection}}', mode: 'hybrid', topK: 4, apiKey: OPENAI_KEY_SECRET },
    },
    {
      key: 'order',
      type: 'http.request',
      label: 'Look Up Order',
      description:
        'Looks up one order by its id (such as A-1042) and returns its status, items, shipping and delivery date. Use it whenever the customer mentions an order; an unknown id fails with the API’s answer.',
      // Only the order id is the model's to choose: the address and the method are fixed here.
      config: { method: 'GET', url: '{{params.orderApiUrl}}/orders/{{args.orderId}}', responseAs: 'json', timeoutSeconds: 15 },
    },
    {
      key: 'agent',
      type: 'ai.agent',
      label: 'Support Agent',
      config: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        apiKey: OPENAI_KEY_SECRET,
        systemPrompt: SYSTEM_PROMPT,
        task: '{{input}}',
        temperature: 0.2,
        maxTokens: 800,
        maxSteps: 6,
        maxToolCalls: 8,
        memory: 'session',
        memoryTurns: 10,
      },
    },
    { key: 'answer', type: 'output', label: 'Answer', config: { format: 'markdown' } },
  ],
  connections: [
    ...ingest.connections,
    link('store.output', 'agent.after'),
    link('message.output', 'agent.input'),
    link('search.tool', 'agent.tools'),
    link('order.tool', 'agent.tools'),
    link('agent.output', 'answer.input'),
  ],
  parameters: [
    {
      key: 'orderApiUrl',
      value: '',
      description: 'Your shop’s order API, such as https://shop.example/api: the agent requests …/orders/<order id> from it.',
    },
    {
      key: 'collection',
      value: 'support-articles',
      description: 'The collection the help articles are stored in and searched (Settings → Collections lists yours).',
    },
  ],
};
