/**
 * Typed reads of a node's stored config. The editor saves every field, but a workflow
 * saved by an older version (or written by hand through the API) may lack a key, so each
 * read names the fallback the definition declares as its default.
 */
export class ConfigReader {
  constructor(private readonly config: Readonly<Record<string, unknown>>) {}

  /** A text field; anything that is not a string reads as the fallback. */
  text(key: string, fallback = ''): string {
    const value = this.config[key];
    return typeof value === 'string' ? value : fallback;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.config[key];
    return typeof value === 'boolean' ? value : fallback;
  }

  /** A number field; a missing or non-finite value reads as the fallback. */
  number(key: string, fallback: number): number;
  number(key: string): number | undefined;
  number(key: string, fallback?: number): number | undefined {
    const value = this.config[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  }

  /** A select field: the stored option, the fallback when missing, an error naming the choices when unknown. */
  choice<const T extends string>(key: string, label: string, options: readonly T[], fallback: T): T {
    const value = this.config[key];
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value === 'string' && (options as readonly string[]).includes(value)) return value as T;
    throw new Error(`${label} "${String(value)}" is not one of ${options.join(', ')}`);
  }

  /** A JSON field as stored; undefined when unset. */
  json(key: string): unknown {
    const value = this.config[key];
    return value === null ? undefined : value;
  }
}
