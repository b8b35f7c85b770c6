import { ingestBranch, link, OPENAI_KEY_SECRET, type WorkflowTemplate } from './workflow-template.js';

const ingest = ingestBranch({ key: 'document', label: 'Document' }, 'document-qa');

/** Upload → split → embed & store; question → retrieve → format context → LLM answer citing sources. */
export const documentQa: WorkflowTemplate = {
  id: 'document-qa',
  name: 'Document Q&A',
  summary: 'Ask questions about your own documents and get answers grounded in the right passages.',
  description:
    'Loads your document, splits it into chunks, indexes them in your vector store and answers each question with an LLM that sees only the most relevant passages, and says which document each point comes from: retrieval-augmented generation, ready to run.',
  category: 'RAG',
  trigger: 'Manual run or API',
  preview: [
    { type: 'rag.load', title: 'Document', category: 'RAG', icon: 'file' },
    { type: 'rag.split', title: 'Split', category: 'RAG', icon: 'scissors' },
    { type: 'rag.store', title: 'Embed & Store', category: 'RAG', icon: 'database' },
    { type: 'input.text', title: 'Question', category: 'Inputs', icon: 'text' },
    { type: 'rag.retrieve', title: 'Retrieve', category: 'RAG', icon: 'search' },
    { type: 'llm.chat', title: 'Write Answer', category: 'AI', icon: 'sparkles' },
  ],
  nodes: [
    // Replace: the collection follows the document.
    ...ingest.nodes,
    {
      key: 'question',
      type: 'input.text',
      label: 'Question',
      config: { text: 'What are the main points of this document?', askOnRun: true },
    },
    {
      key: 'retrieve',
      type: 'rag.retrieve',
      label: 'Retrieve',
      config: { collection: 'document-qa', mode: 'hybrid', topK: 4, apiKey: OPENAI_KEY_SECRET },
    },
    {
      key: 'prompt',
      type: 'text.template',
      label: 'Build Prompt',
      config: {
        template:
          'Answer the question using only the numbered passages below. After each point, cite the passage it comes from as [n] and name its source document. If the passages do not contain the answer, say so.\n\nQuestion: {{input}}\n\nPassages:\n{{context}}',
      },
    },
    {
      key: 'answer',
      type: 'llm.chat',
      label: 'Write Answer',
      config: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        apiKey: OPENAI_KEY_SECRET,
        systemPrompt: 'You answer questions about the user’s documents, precisely and only from the passages given.',
        prompt: '{{input}}',
        temperature: 0.1,
        maxTokens: 800,
      },
    },
    { key: 'output', type: 'output', label: 'Answer', config: { format: 'markdown' } },
  ],
  connections: [
    ...ingest.connections,
    // Retrieval waits for indexing in the same run.
    link('store.output', 'retrieve.after'),
    link('question.output', 'retrieve.input'),
    link('question.output', 'prompt.input'),
    // Results meet a context input: the rules insert Format Context, which numbers the passages and keeps their sources.
    link('retrieve.output', 'prompt.context'),
    link('prompt.output', 'answer.input'),
    link('answer.output', 'output.input'),
  ],
  parameters: [],
};
