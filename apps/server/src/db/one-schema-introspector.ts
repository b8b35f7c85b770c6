import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  serial: string | null;
  comment: string | null;
}

/**
 * PostgreSQL table metadata for Weft's own schema (the first of the search path) only.
 *
 * Kysely's migrator asks the introspector whether its migration tables exist, and Kysely's
 * PostgreSQL introspector answers by reading every column of every schema in the database,
 * calling `pg_get_serial_sequence` on each table by name: a table of another schema dropped
 * while that query runs fails it with "relation … does not exist", and Weft's start with it.
 * Another instance or application sharing the database (or a test dropping a table in its
 * own schema) must not be able to do that, so this reads Weft's schema and nothing else.
 */
export class OneSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#schemas.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      SELECT ns.nspname AS schema, c.relname AS table, c.relkind AS kind, a.attname AS column,
        typ.typname AS type, dtns.nspname AS type_schema, a.attnotnull AS not_null, a.atthasdef AS has_default,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) AS serial,
        col_description(a.attrelid, a.attnum) AS comment
      FROM pg_catalog.pg_attribute a
        JOIN pg_catalog.pg_class c ON a.attrelid = c.oid
        JOIN pg_catalog.pg_namespace ns ON c.relnamespace = ns.oid
        JOIN pg_catalog.pg_type typ ON a.atttypid = typ.oid
        JOIN pg_catalog.pg_namespace dtns ON typ.typnamespace = dtns.oid
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p') AND a.attnum >= 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`.execute(this.#db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial !== null,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
