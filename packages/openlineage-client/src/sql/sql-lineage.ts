import { toInputFields } from './edges';
import { tablesByKeywords } from './fallback';
import type { NamingContext } from './names';
import { parseSql, type Statement } from './parser';
import { Unsupported } from './scope';
import { writtenLineage } from './statement-lineage';
import { statementTarget, tablesRead } from './tables';
import type { ColumnLineageFacet, DatasetId, LineageOutput, SqlLineage, SqlLineageOptions } from './types';
import { DEFAULT_PRODUCER } from '../version';
import { LineageWalker } from './walker';

export const COLUMN_LINEAGE_SCHEMA_URL =
  'https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet';

/**
 * The datasets a SQL text reads and writes, and the column lineage of what it writes. Never
 * throws: SQL the parser refuses yields the tables found by keywords; SQL whose column lineage
 * cannot be derived exactly yields its tables and no column lineage (`warnings` says why).
 */
export async function sqlLineage(sql: string, options: SqlLineageOptions): Promise<SqlLineage> {
  const naming: NamingContext = {
    dialect: options.dialect,
    defaultCatalog: options.defaultCatalog,
    defaultSchema: options.defaultSchema,
  };
  try {
    const parsed = await parseSql(sql, options.dialect);
    if ('error' in parsed) {
      return { ...tablesByKeywords(sql, naming, options.namespace), warnings: [`not parsed: ${parsed.error}`] };
    }
    return await lineageOfStatements(parsed.statements, naming, options);
  } catch (error) {
    // A bug of ours must not reach the caller's query path; the keyword scan still names tables.
    const message = error instanceof Error ? error.message : String(error);
    return { ...tablesByKeywords(sql, naming, options.namespace), warnings: [`lineage failed: ${message}`] };
  }
}

async function lineageOfStatements(statements: Statement[], naming: NamingContext, options: SqlLineageOptions): Promise<SqlLineage> {
  const analysed = statements.map((statement) => {
    const target = statementTarget(statement, naming, options.namespace);
    return { statement, target, inputs: target.readPart ? tablesRead(target.readPart, naming, options.namespace) : [] };
  });
  const inputs = unique(analysed.flatMap((entry) => entry.inputs));
  const outputs = unique(analysed.flatMap((entry) => (entry.target.output ? [entry.target.output] : [])));
  const warnings: string[] = [];
  const schemas = await knownColumns([...inputs, ...outputs], options, warnings);
  const walker = new LineageWalker({ naming, namespace: options.namespace, schemas });

  const facets = new Map<string, ColumnLineageFacet>();
  for (const { statement, target } of analysed) {
    const output = target.output;
    if (!output) continue;
    try {
      const written = writtenLineage(statement, output, walker, schemas.get(output.name));
      const facet: ColumnLineageFacet = {
        _producer: options.producer ?? DEFAULT_PRODUCER,
        _schemaURL: COLUMN_LINEAGE_SCHEMA_URL,
        fields: Object.fromEntries([...written.fields].map(([field, edges]) => [field, { inputFields: toInputFields(edges) }])),
        dataset: toInputFields(written.dataset),
      };
      if (facets.has(output.name)) throw new Unsupported(`${output.name} is written by more than one statement`);
      facets.set(output.name, facet);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      facets.delete(output.name);
      warnings.push(`no column lineage for ${output.name}: ${error.message}`);
    }
  }
  const withFacets: LineageOutput[] = outputs.map((output) => {
    const facet = facets.get(output.name);
    return facet ? { ...output, facets: { columnLineage: facet } } : output;
  });
  const columnLineage = outputs.length === 1 ? facets.get(outputs[0].name) : undefined;
  return { inputs, outputs: withFacets, ...(columnLineage ? { columnLineage } : {}), warnings };
}

function unique(datasets: DatasetId[]): DatasetId[] {
  const byKey = new Map(datasets.map((dataset) => [`${dataset.namespace}\u0000${dataset.name}`, dataset]));
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

async function knownColumns(datasets: DatasetId[], options: SqlLineageOptions, warnings: string[]): Promise<Map<string, readonly string[]>> {
  const schemas = new Map<string, readonly string[]>();
  if (!options.schemaProvider) return schemas;
  const provider = options.schemaProvider;
  await Promise.all(
    datasets.map(async (dataset) => {
      try {
        const columns = await provider(dataset);
        if (columns) schemas.set(dataset.name, columns);
      } catch (error) {
        warnings.push(`schema provider failed for ${dataset.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  return schemas;
}
