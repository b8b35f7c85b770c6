import { CONVERSIONS, type Conversion, DATA_TYPES, type DataType, type NodeDefinition } from '@weft/core';

/** What `GET /api/node-definitions` answers: everything the editor builds its library from. */
export interface NodeCatalogueSnapshot {
  definitions: readonly NodeDefinition[];
  dataTypes: readonly DataType[];
  conversions: readonly Conversion[];
}

/**
 * The node types a workflow may use. Built-ins only for now; custom nodes will make the
 * set depend on the user, which is why callers ask this object rather than importing
 * the built-in list themselves.
 */
export class NodeCatalogue {
  constructor(private readonly builtins: readonly NodeDefinition[]) {}

  definitions(): readonly NodeDefinition[] {
    return this.builtins;
  }

  snapshot(): NodeCatalogueSnapshot {
    // Node objects will gain `run` functions; JSON serialisation drops functions, so
    // only the declarative part reaches the browser.
    return { definitions: this.builtins, dataTypes: DATA_TYPES, conversions: CONVERSIONS };
  }
}
