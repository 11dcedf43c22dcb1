import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The OpenLineage JSON Schemas vendored in the package's spec/ folder (core 2-0-2 and every facet
 * schema). This file sits one level below the package root both as src/ and as dist/, so the
 * folder is found from either.
 */
export const SPEC_DIR = join(__dirname, '..', 'spec');

export interface SpecSchema {
  $id: string;
  [key: string]: unknown;
}

let cached: SpecSchema[] | undefined;

/** The core schema first, then every facet schema (sorted by file name). */
export function loadSpecSchemas(): SpecSchema[] {
  if (!cached) {
    const read = (file: string): SpecSchema => JSON.parse(readFileSync(file, 'utf8')) as SpecSchema;
    const facetDir = join(SPEC_DIR, 'facets');
    const facets = readdirSync(facetDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => read(join(facetDir, file)));
    cached = [read(join(SPEC_DIR, 'OpenLineage.json')), ...facets];
  }
  return cached;
}
