/** Types for engine-rules.mjs, so TypeScript tests can import the plain-JS rule. */
export interface Lockfile {
  readonly packages?: Readonly<Record<string, { readonly version?: string; readonly engines?: unknown }>>;
}

export function packagesBeyondNode(lock: Lockfile, projectRange: string): string[];
