import { isJsonObject as isObject } from '../openlineage/json';
import { MAX_IDENTIFIER_BYTES } from '../openlineage/event-envelope';
import { datasetId, parseNamespace } from '../openlineage/dataset-identity';
import { LoggedEvent } from '../log/logged-event';

export interface DatasetChange {
  id: string;
  namespace: string;
  name: string;
  scheme: string;
  authority: string | null;
  kind: 'dataset' | 'symlink';
  firstSeenAt: Date;
  lastSeenAt: Date;
  firstEventId: string;
}

export interface EventDatasetChange {
  eventId: string;
  datasetId: string;
  role: 'input' | 'output' | 'dataset' | 'symlink';
}

export interface SymlinkChange {
  datasetId: string;
  symlinkDatasetId: string;
  symlinkType: string | null;
  firstEventId: string;
}

export interface NamespaceChange {
  name: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface ProjectionChanges {
  namespaces: NamespaceChange[];
  datasets: DatasetChange[];
  eventDatasets: EventDatasetChange[];
  symlinks: SymlinkChange[];
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
/** An identifier the datasets index can hold (see MAX_IDENTIFIER_BYTES in ingest). */
const storable = (v: unknown): v is string => nonEmpty(v) && Buffer.byteLength(v) <= MAX_IDENTIFIER_BYTES;

/** Pure: what one event adds to the dataset tables. Every change is a union or a min/max. */
export function projectEvent(event: LoggedEvent): ProjectionChanges {
  const changes: ProjectionChanges = { namespaces: [], datasets: [], eventDatasets: [], symlinks: [] };
  const addNamespace = (name: string) =>
    changes.namespaces.push({ name, firstSeenAt: event.eventTime, lastSeenAt: event.eventTime });
  if (event.jobNamespace) addNamespace(event.jobNamespace);

  const addDataset = (namespace: string, name: string, kind: DatasetChange['kind'], role: EventDatasetChange['role']) => {
    const id = datasetId(namespace, name);
    addNamespace(namespace);
    changes.datasets.push({
      id,
      namespace,
      name,
      ...parseNamespace(namespace),
      kind,
      firstSeenAt: event.eventTime,
      lastSeenAt: event.eventTime,
      firstEventId: event.eventId,
    });
    changes.eventDatasets.push({ eventId: event.eventId, datasetId: id, role });
    return id;
  };

  const addNamed = (dataset: unknown, role: 'input' | 'output' | 'dataset') => {
    // Ingest validated these identifiers; symlink identifiers (facet contents) it did not.
    if (!isObject(dataset) || !nonEmpty(dataset.namespace) || !nonEmpty(dataset.name)) return;
    const id = addDataset(dataset.namespace, dataset.name, 'dataset', role);
    const symlinks = isObject(dataset.facets) && isObject(dataset.facets.symlinks) ? dataset.facets.symlinks.identifiers : undefined;
    if (!Array.isArray(symlinks)) return;
    for (const identifier of symlinks) {
      if (!isObject(identifier) || !storable(identifier.namespace) || !storable(identifier.name)) continue;
      const symlinkId = addDataset(identifier.namespace, identifier.name, 'symlink', 'symlink');
      if (symlinkId === id) continue;
      changes.symlinks.push({
        datasetId: id,
        symlinkDatasetId: symlinkId,
        symlinkType: nonEmpty(identifier.type) ? identifier.type : null,
        firstEventId: event.eventId,
      });
    }
  };

  if (event.kind === 'dataset') {
    addNamed(event.payload.dataset, 'dataset');
  } else {
    const { inputs, outputs } = event.payload;
    if (Array.isArray(inputs)) inputs.forEach((d) => addNamed(d, 'input'));
    if (Array.isArray(outputs)) outputs.forEach((d) => addNamed(d, 'output'));
  }
  return changes;
}

const earlier = (a: DatasetChange, b: DatasetChange) =>
  a.firstSeenAt.getTime() < b.firstSeenAt.getTime() ||
  (a.firstSeenAt.getTime() === b.firstSeenAt.getTime() && BigInt(a.firstEventId) < BigInt(b.firstEventId));

/**
 * Merges the changes of many events into one set with one row per key, sorted by key, so a
 * batch is one upsert per table and concurrent writers lock rows in the same order.
 */
export function mergeChanges(all: ProjectionChanges[]): ProjectionChanges {
  const namespaces = new Map<string, NamespaceChange>();
  const datasets = new Map<string, DatasetChange>();
  const eventDatasets = new Map<string, EventDatasetChange>();
  const symlinks = new Map<string, SymlinkChange>();
  for (const changes of all) {
    for (const n of changes.namespaces) {
      const seen = namespaces.get(n.name);
      if (!seen) namespaces.set(n.name, { ...n });
      else {
        if (n.firstSeenAt < seen.firstSeenAt) seen.firstSeenAt = n.firstSeenAt;
        if (n.lastSeenAt > seen.lastSeenAt) seen.lastSeenAt = n.lastSeenAt;
      }
    }
    for (const d of changes.datasets) {
      const seen = datasets.get(d.id);
      if (!seen) {
        datasets.set(d.id, { ...d });
        continue;
      }
      if (earlier(d, seen)) {
        seen.firstSeenAt = d.firstSeenAt;
        seen.firstEventId = d.firstEventId;
      }
      if (d.lastSeenAt > seen.lastSeenAt) seen.lastSeenAt = d.lastSeenAt;
      if (d.kind === 'dataset') seen.kind = 'dataset';
    }
    for (const e of changes.eventDatasets) eventDatasets.set(`${e.eventId}|${e.datasetId}|${e.role}`, e);
    for (const s of changes.symlinks) {
      const key = `${s.datasetId}|${s.symlinkDatasetId}`;
      const seen = symlinks.get(key);
      if (!seen || BigInt(s.firstEventId) < BigInt(seen.firstEventId)) symlinks.set(key, s);
    }
  }
  const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { namespaces: byKey(namespaces), datasets: byKey(datasets), eventDatasets: byKey(eventDatasets), symlinks: byKey(symlinks) };
}
