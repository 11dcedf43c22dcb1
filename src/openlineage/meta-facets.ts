import { isDeletedFacet } from './facets';
import { isJsonObject, JsonObject } from './json';

/**
 * What the facets that give jobs, runs and datasets their typed columns say. Each reader returns
 * undefined when the facets do not state it (absent or malformed: a malformed facet reads as
 * absent, never as an error), and nulls when a `{"_deleted": true}` facet removes it.
 */

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function stated<T>(facets: JsonObject, name: string, read: (facet: JsonObject) => T, removed: T): T | undefined {
  const facet = facets[name];
  if (!isJsonObject(facet)) return undefined;
  return isDeletedFacet(facet) ? removed : read(facet);
}

export interface JobTypeMeta {
  jobType: string | null;
  processingType: string | null;
  integration: string | null;
}

export const readJobType = (jobFacets: JsonObject): JobTypeMeta | undefined =>
  stated(jobFacets, 'jobType', (f) => ({ jobType: text(f.jobType), processingType: text(f.processingType), integration: text(f.integration) }), {
    jobType: null,
    processingType: null,
    integration: null,
  });

/** The `documentation` facet's description (jobs and datasets). */
export const readDescription = (facets: JsonObject): { description: string | null } | undefined =>
  stated(facets, 'documentation', (f) => ({ description: text(f.description) }), { description: null });

export const readSql = (jobFacets: JsonObject): { sql: string | null } | undefined =>
  stated(jobFacets, 'sql', (f) => ({ sql: text(f.query) }), { sql: null });

export const readSourceCode = (jobFacets: JsonObject): { sourceCodeType: string | null; sourceCodeUrl: string | null } | undefined =>
  stated(jobFacets, 'sourceCodeLocation', (f) => ({ sourceCodeType: text(f.type), sourceCodeUrl: text(f.url) }), {
    sourceCodeType: null,
    sourceCodeUrl: null,
  });

/** A run's facets are never removed: a deleted one reads as absent. */
const runFacet = (runFacets: JsonObject, name: string): JsonObject | undefined => {
  const facet = runFacets[name];
  return isJsonObject(facet) && !isDeletedFacet(facet) ? facet : undefined;
};

export function readNominalTime(runFacets: JsonObject): { nominalStartTime: Date | null; nominalEndTime: Date | null } | undefined {
  const facet = runFacet(runFacets, 'nominalTime');
  return facet && { nominalStartTime: isoTime(facet.nominalStartTime), nominalEndTime: isoTime(facet.nominalEndTime) };
}

export function readErrorMessage(runFacets: JsonObject): { errorMessage: string | null } | undefined {
  const facet = runFacet(runFacets, 'errorMessage');
  return facet && { errorMessage: text(facet.message) };
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An ISO 8601 date or date-time as an instant; null for anything else (a word such as 'now' would
 * differ on every rebuild). A time without an offset is UTC, as ingest reads event times.
 */
export function isoTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = ISO_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone] = m;
  let offset = 'Z';
  if (zone && zone.toUpperCase() !== 'Z') offset = zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${fraction.slice(0, 4)}${offset}`);
  // Date rolls 2024-02-30 over to March; PostgreSQL refuses it, and so do we.
  const calendar = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (Number.isNaN(date.getTime()) || calendar.getUTCMonth() !== Number(mo) - 1 || calendar.getUTCDate() !== Number(d)) return null;
  return date;
}
