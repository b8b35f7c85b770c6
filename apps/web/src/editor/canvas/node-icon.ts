import type { IconName } from '../../components/ui/named-icon';

/** Glyphs by node-type prefix (UI hints as data), then by category. */
const BY_TYPE: readonly [prefix: string, icon: IconName][] = [
  ['input.text', 'text'],
  ['input.file', 'file'],
  ['trigger.schedule', 'clock'],
  ['trigger.error', 'bell'],
  ['trigger.', 'play'],
  ['llm.', 'sparkles'],
  ['ai.agent', 'bot'],
  ['http.', 'globe'],
  ['feed.', 'rss'],
  ['slack.', 'chat'],
  ['email.', 'mail'],
  ['loader.web', 'globe'],
  ['loader.', 'file'],
  ['rag.vector', 'database'],
  ['rag.retrieve', 'search'],
  ['rag.split', 'scissors'],
  ['code.', 'terminal'],
  ['merge', 'workflow'],
  ['convert', 'layers'],
  ['output', 'output'],
];

const BY_CATEGORY: Record<string, IconName> = {
  Inputs: 'play',
  AI: 'sparkles',
  RAG: 'database',
  Logic: 'filter',
  Integrations: 'plug',
  Converters: 'layers',
  Outputs: 'output',
  Custom: 'puzzle',
};

export function nodeIcon(type: string, category: string): IconName {
  return BY_TYPE.find(([prefix]) => type === prefix || type.startsWith(prefix))?.[1] ?? BY_CATEGORY[category] ?? 'puzzle';
}
