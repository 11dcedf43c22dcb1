import type { SqlDialect } from './types';

/** An identifier as the parser gives it. */
export interface Ident {
  value: string;
  quote_style?: string | null;
}

export interface NamingContext {
  dialect: SqlDialect;
  defaultCatalog?: string;
  defaultSchema?: string;
}

/**
 * The name an engine stores: both fold unquoted identifiers to lower case; PostgreSQL keeps the
 * case of quoted ones, Trino's connectors store every name in lower case.
 */
export function identName(ident: Ident, dialect: SqlDialect): string {
  if (ident.quote_style && dialect === 'postgres') return ident.value;
  return ident.value.toLowerCase();
}

/** The parts of an ObjectName (`[{ Identifier: {...} }, ...]`), folded; undefined for other shapes. */
export function objectNameParts(name: unknown, dialect: SqlDialect): string[] | undefined {
  if (!Array.isArray(name)) return undefined;
  const parts: string[] = [];
  for (const part of name) {
    const ident = (part as { Identifier?: Ident }).Identifier;
    if (!ident || typeof ident.value !== 'string') return undefined;
    parts.push(identName(ident, dialect));
  }
  return parts;
}

/**
 * The OpenLineage dataset name of a table: Trino `catalog.schema.table`, PostgreSQL
 * `database.schema.table`. Parts the SQL leaves out come from the defaults (PostgreSQL's schema
 * defaults to `public`); a part with no default is left out rather than guessed.
 */
export function qualifiedTableName(parts: string[], naming: NamingContext): string {
  const schemaDefault = naming.defaultSchema ?? (naming.dialect === 'postgres' ? 'public' : undefined);
  const full =
    parts.length >= 3
      ? parts.slice(-3)
      : parts.length === 2
        ? [naming.defaultCatalog, ...parts]
        : [naming.defaultCatalog, schemaDefault, ...parts];
  return full.filter((part): part is string => part !== undefined && part !== '').join('.');
}

const SYSTEM_SCHEMAS: Record<SqlDialect, Set<string>> = {
  postgres: new Set(['pg_catalog', 'information_schema', 'pg_toast']),
  trino: new Set(['information_schema']),
};

/** Catalog tables describe the database; they are not datasets anyone's lineage is about. */
export function isSystemTable(parts: string[], dialect: SqlDialect): boolean {
  if (dialect === 'trino' && parts.length === 3 && parts[0] === 'system') return true;
  if (dialect === 'postgres' && parts.length === 1 && parts[0].startsWith('pg_')) return true;
  const schema = parts.length >= 2 ? parts[parts.length - 2] : undefined;
  return schema !== undefined && SYSTEM_SCHEMAS[dialect].has(schema);
}
