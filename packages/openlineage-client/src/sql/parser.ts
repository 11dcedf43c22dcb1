import type { SqlDialect } from './types';

/** A statement as datafusion-sqlparser-rs serializes it: `{ Insert: {...} }`, `{ Query: {...} }`, ... */
export type Statement = Record<string, unknown>;

interface SqlParserModule {
  init(): Promise<void>;
  Parser: { parseToJson(sql: string, dialect: string): string };
}

// sqlparser-rs has no Trino dialect; its generic dialect accepts Trino's syntax (TRY_CAST, UNNEST,
// lambdas, three-part names) and PostgreSQL's own dialect adds `::`, `$1` and dollar quoting.
const PARSER_DIALECT: Record<SqlDialect, string> = { trino: 'generic', postgres: 'postgresql' };

let loading: Promise<SqlParserModule> | undefined;

/**
 * Loads the WebAssembly parser once. The package initializes itself with a dynamic `import()`,
 * which a CommonJS module evaluated inside a `vm` context (jest's) may not call; Node's own
 * `require` loads it outside such a context, and is the same `require` everywhere else.
 */
export function loadSqlParser(): Promise<SqlParserModule> {
  loading ??= (async () => {
    const nodeModule = process.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined;
    const load = nodeModule ? nodeModule.createRequire(__filename) : require;
    const parser = load('@guanmingchiu/sqlparser-ts') as SqlParserModule;
    await parser.init();
    return parser;
  })();
  return loading;
}

/** The statements of `sql`, or the parser's message when it cannot parse them. */
export async function parseSql(
  sql: string,
  dialect: SqlDialect,
): Promise<{ statements: Statement[] } | { error: string }> {
  const parser = await loadSqlParser();
  try {
    // The AST as a JSON string, parsed here, costs about half of having the WASM side build the
    // objects one by one (`parse`).
    return { statements: JSON.parse(parser.Parser.parseToJson(sql, PARSER_DIALECT[dialect])) as Statement[] };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
