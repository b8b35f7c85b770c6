import { CONVERSIONS, type Conversion, DATA_TYPES, type DataType, type NodeDefinition } from '@weft/core';

/** What `GET /api/node-definitions` answers: everything the editor builds its library from. */
export interface NodeCatalogueSnapshot {
  definitions: readonly NodeDefinition[];
  dataTypes: readonly DataType[];
  conversions: readonly Conversion[];
}

/** Where a user's own node types come from (the custom nodes service). */
export interface CustomDefinitionSource {
  definitionsFor(userId: string, types?: Iterable<string>): Promise<NodeDefinition[]>;
}

/**
 * The node types a workflow may use: the built-ins, plus each user's custom node types
 * (which is why callers ask this object rather than importing the built-in list).
 */
export class NodeCatalogue {
  constructor(
    private readonly builtins: readonly NodeDefinition[],
    private readonly custom?: CustomDefinitionSource,
  ) {}

  /**
   * The built-ins plus the user's custom types. `types` narrows the custom lookup to the
   * types a document uses (none custom: no query); without a user, the built-ins.
   */
  async definitionsFor(userId: string | undefined, types?: Iterable<string>): Promise<readonly NodeDefinition[]> {
    if (userId === undefined || !this.custom) return this.builtins;
    const custom = await this.custom.definitionsFor(userId, types);
    return custom.length > 0 ? [...this.builtins, ...custom] : this.builtins;
  }

  /** What `GET /api/node-definitions` answers for this caller (a visitor: built-ins only). */
  async snapshotFor(userId: string | undefined): Promise<NodeCatalogueSnapshot> {
    return { ...this.snapshot(), definitions: await this.definitionsFor(userId) };
  }

  definitions(): readonly NodeDefinition[] {
    return this.builtins;
  }

  snapshot(): NodeCatalogueSnapshot {
    // Node objects will gain `run` functions; JSON serialisation drops functions, so
    // only the declarative part reaches the browser.
    return { definitions: this.builtins, dataTypes: DATA_TYPES, conversions: CONVERSIONS };
  }
}
