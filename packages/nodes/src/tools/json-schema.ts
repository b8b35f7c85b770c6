/**
 * The part of JSON Schema that tools and an Agent's answer format use: `type`, `properties`,
 * `required`, `items`, `enum`, `description`, `minimum`/`maximum`. What providers accept
 * for tool arguments and structured output; checked here so a model's mistake goes back to
 * it as a message rather than into a tool.
 */
export interface JsonSchema {
  readonly type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
}

/** How far the check goes into nested values; deeper parts are taken as they are. */
const MAX_DEPTH = 32;

/**
 * The first way `value` does not fit `schema`, as a sentence naming the place
 * (`order.items[2] must be a number`), or undefined when it fits. `path` is where the value
 * sits; empty for the whole.
 */
export function schemaProblem(schema: JsonSchema, value: unknown, path = '', depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const where = path || 'the value';
  if (schema.enum && !schema.enum.some((option) => option === value)) {
    return `${where} must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`;
  }
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${where} must be an object`;
      const record = value as Record<string, unknown>;
      const inside = (key: string) => (path ? `${path}.${key}` : key);
      for (const key of schema.required ?? []) {
        if (record[key] === undefined || record[key] === null) return `${inside(key)} is required`;
      }
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        if (record[key] === undefined) continue;
        const problem = schemaProblem(inner, record[key], inside(key), depth + 1);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(value)) return `${where} must be an array`;
      if (!schema.items) return undefined;
      for (const [index, item] of value.entries()) {
        const problem = schemaProblem(schema.items, item, `${path}[${index}]`, depth + 1);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'string':
      return typeof value === 'string' ? undefined : `${where} must be a string`;
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${where} must be a number`;
      if (schema.type === 'integer' && !Number.isInteger(value)) return `${where} must be a whole number`;
      if (schema.minimum !== undefined && value < schema.minimum) return `${where} must be at least ${schema.minimum}`;
      if (schema.maximum !== undefined && value > schema.maximum) return `${where} must be at most ${schema.maximum}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${where} must be true or false`;
    case 'null':
      return value === null ? undefined : `${where} must be null`;
    default:
      return undefined;
  }
}

/** Whether a value is a JSON Schema for an object, as an answer format must be. */
export function isObjectSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as JsonSchema).type === 'object';
}
