import { NODE_CATEGORIES, type NodeDefinition } from '@weft/core';

/** One category of the node library with the definitions shown under it. */
export interface LibraryGroup {
  category: string;
  definitions: NodeDefinition[];
}

/** Lower-cased words of the query; every one must match somewhere (AND). */
function terms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * How well a definition matches, lower is better, or `null` when it does not. Title
 * hits rank above type, category and description hits, so typing "text" puts Text Input
 * ahead of every node that merely mentions text.
 */
export function matchScore(definition: NodeDefinition, query: string): number | null {
  const words = terms(query);
  if (words.length === 0) return 0;
  const title = definition.title.toLowerCase();
  const fields = [title, definition.type.toLowerCase(), definition.category.toLowerCase(), definition.description.toLowerCase()];
  let score = 0;
  for (const word of words) {
    const index = fields.findIndex((field) => field.includes(word));
    if (index === -1) return null;
    // A title that starts with the word beats one that only contains it.
    score += index === 0 && title.startsWith(word) ? 0 : index + 1;
  }
  return score;
}

function categoryOrder(category: string): number {
  const index = (NODE_CATEGORIES as readonly string[]).indexOf(category);
  return index === -1 ? NODE_CATEGORIES.length : index;
}

/**
 * The library as shown: hidden definitions (converters, inserted automatically) left
 * out, filtered by `query`, grouped by category in the product's category order
 * (unknown categories last, alphabetically). Within a group, the catalogue's order is
 * kept; a search ranks the matches, and the groups by their best match.
 */
export function libraryGroups(definitions: readonly NodeDefinition[], query = ''): LibraryGroup[] {
  const matches: { definition: NodeDefinition; score: number; index: number }[] = [];
  definitions.forEach((definition, index) => {
    if (definition.hidden) return;
    const score = matchScore(definition, query);
    if (score !== null) matches.push({ definition, score, index });
  });
  const groups = new Map<string, typeof matches>();
  for (const match of matches) {
    const list = groups.get(match.definition.category) ?? [];
    list.push(match);
    groups.set(match.definition.category, list);
  }
  // While searching, the group holding the best match comes first; else category order.
  const best = (list: typeof matches) => Math.min(...list.map((m) => m.score));
  return [...groups.entries()]
    .sort(([a, la], [b, lb]) => best(la) - best(lb) || categoryOrder(a) - categoryOrder(b) || a.localeCompare(b))
    .map(([category, list]) => ({
      category,
      definitions: list.sort((a, b) => a.score - b.score || a.index - b.index).map((m) => m.definition),
    }));
}

/** Distinct data types of a list of ports, in first-seen order (for the item's chips). */
export function distinctTypes(ports: readonly { type: string }[]): string[] {
  return [...new Set(ports.map((port) => port.type))];
}

/** `text` cut into runs that do and do not match a word of `query`, to highlight hits in titles. */
export function highlightMatches(text: string, query: string): { text: string; match: boolean }[] {
  const words = terms(query).sort((a, b) => b.length - a.length);
  if (words.length === 0 || text === '') return text ? [{ text, match: false }] : [];
  const lower = text.toLowerCase();
  const hit = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + word.length)) hit.fill(true, at, at + word.length);
  }
  const parts: { text: string; match: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts.at(-1);
    if (last && last.match === hit[i]) last.text += text.charAt(i);
    else parts.push({ text: text.charAt(i), match: hit[i] ?? false });
  }
  return parts;
}
