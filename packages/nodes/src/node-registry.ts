import type { NodeType } from './define-node.js';

/**
 * A set of node types shipped together: Weft's built-ins are one, and a third party's
 * node package would be another (an npm package exporting a `NodePackage`, handed to the
 * server's `createServices({ nodePackages })`; see docs/ARCHITECTURE.md "Node registry").
 */
export interface NodePackage {
  /** Shown in errors, e.g. when two packages claim the same type. */
  readonly name: string;
  readonly nodes: readonly NodeType[];
}

/** Where each user's own node types (custom nodes, stored in the database) come from. */
export interface UserNodeTypeSource {
  /** The user's types; with `types`, only those (and no lookup at all when none is the user's). */
  nodeTypesFor(userId: string, types?: Iterable<string>): Promise<readonly NodeType[]>;
}

/** The node types one caller may use, resolved once per request or run. */
export interface NodeTypeSet {
  /** Installed types in library order, then the user's own. */
  readonly all: readonly NodeType[];
  get(type: string): NodeType | undefined;
}

/**
 * The one registry of node types: the installed packages (built-ins first) plus each
 * user's own types. The API's catalogue, the save checks, the run path and the tests all
 * ask it, so a node type is known in one place. Installed types win a clash with a
 * user's type (user types live in their own `custom:` namespace, so this is a guard).
 */
export class NodeRegistry {
  private readonly installedTypes: readonly NodeType[];
  private readonly byType: ReadonlyMap<string, NodeType>;
  private readonly installedSet: NodeTypeSet;

  constructor(
    packages: readonly NodePackage[],
    private readonly userTypes?: UserNodeTypeSource,
  ) {
    const byType = new Map<string, NodeType>();
    const owner = new Map<string, string>();
    for (const pkg of packages) {
      for (const node of pkg.nodes) {
        const first = owner.get(node.type);
        if (first !== undefined) throw new Error(`Node type "${node.type}" is defined by both ${first} and ${pkg.name}; node types must be unique.`);
        owner.set(node.type, pkg.name);
        byType.set(node.type, node);
      }
    }
    this.byType = byType;
    this.installedTypes = [...byType.values()];
    this.installedSet = { all: this.installedTypes, get: (type) => byType.get(type) };
  }

  /** The installed node types (no user's own), in library order. */
  installed(): readonly NodeType[] {
    return this.installedTypes;
  }

  /** An installed node type by its `type`. */
  get(type: string): NodeType | undefined {
    return this.byType.get(type);
  }

  /**
   * The types `userId` may use: installed plus their own. `types` narrows the user lookup
   * to the types a document names (none of the user's: no lookup); without a user, the
   * installed types only (a visitor reading the catalogue).
   */
  async forUser(userId: string | undefined, types?: Iterable<string>): Promise<NodeTypeSet> {
    if (userId === undefined || !this.userTypes) return this.installedSet;
    let wanted: Set<string> | undefined;
    if (types !== undefined) {
      wanted = new Set<string>();
      for (const type of types) if (!this.byType.has(type)) wanted.add(type);
      if (wanted.size === 0) return this.installedSet;
    }
    const own = (await this.userTypes.nodeTypesFor(userId, wanted)).filter((node) => !this.byType.has(node.type));
    if (own.length === 0) return this.installedSet;
    const ownByType = new Map(own.map((node) => [node.type, node]));
    return { all: [...this.installedTypes, ...own], get: (type) => this.byType.get(type) ?? ownByType.get(type) };
  }
}
