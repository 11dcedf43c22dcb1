import {
  FACET_TABLE,
  type BaseFacet,
  type FacetAttachment,
  type KnownDatasetFacets,
  type KnownInputDatasetFacets,
  type KnownJobFacets,
  type KnownOutputDatasetFacets,
  type KnownRunFacets,
} from '../generated/spec-types';

/**
 * A facet's own fields, as a caller writes them: the spec type without `_schemaURL` and the open
 * index signature (so that misspelt fields are caught). The builders set `_schemaURL`, and
 * `_producer` unless the facet names its own.
 */
export type FacetFields<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K extends '_producer' | '_schemaURL' ? never : K]: T[K];
} & { _producer?: string };

/** A facet the spec does not define: it must name its own schema. */
export interface CustomFacet {
  _schemaURL: string;
  _producer?: string;
  [field: string]: unknown;
}

type FacetsInput<Known> = { [K in keyof Known]?: FacetFields<Known[K]> } & { [key: string]: object | undefined };

export type RunFacetsInput = FacetsInput<KnownRunFacets>;
export type JobFacetsInput = FacetsInput<KnownJobFacets>;
export type DatasetFacetsInput = FacetsInput<KnownDatasetFacets>;
export type InputDatasetFacetsInput = FacetsInput<KnownInputDatasetFacets>;
export type OutputDatasetFacetsInput = FacetsInput<KnownOutputDatasetFacets>;

const SCHEMA_URLS = new Map(FACET_TABLE.map((row) => [`${row.attachment}/${row.key}`, row.schemaURL]));

/** The `_schemaURL` of the spec facet stored under `key` at `attachment`, if the spec defines one. */
export function specFacetSchemaURL(attachment: FacetAttachment, key: string): string | undefined {
  return SCHEMA_URLS.get(`${attachment}/${key}`);
}

/**
 * Completes each facet with `_producer` (the caller's, else `producer`) and `_schemaURL` (the
 * spec's for a key it defines; a custom facet must bring its own).
 */
export function completeFacets(
  attachment: FacetAttachment,
  facets: Record<string, object | undefined> | undefined,
  producer: string,
): Record<string, BaseFacet> | undefined {
  if (!facets) return undefined;
  const out: Record<string, BaseFacet> = {};
  for (const [key, value] of Object.entries(facets)) {
    if (value === undefined) continue;
    const fields = value as Record<string, unknown>;
    const schemaURL = specFacetSchemaURL(attachment, key) ?? fields._schemaURL;
    if (typeof schemaURL !== 'string' || schemaURL === '') {
      throw new TypeError(`facet "${key}" is not a spec ${attachment}: give it a _schemaURL naming its schema`);
    }
    out[key] = { ...fields, _producer: typeof fields._producer === 'string' ? fields._producer : producer, _schemaURL: schemaURL };
  }
  return out;
}
