/** Anchor id of a node's entry, e.g. `node-llm-chat` for `llm.chat`. */
export function nodeAnchor(type: string): string {
  return `node-${type.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
}

export function categoryAnchor(category: string): string {
  return `category-${category.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
}
