import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../core/errors/domain-errors';
import { UUID_PATTERN } from '../../openlineage/json';
import { describeReading, NodeRef, splitsAtColons, typedNodeId } from '../../openlineage/node-id';
import { ExistingNode, NodeIdRepository } from './node-id.repository';

/**
 * A node id resolved to what exists: the reading, and the id of its dataset or job. A run node
 * resolves to its job, with `asOf` the time of the run's last event: the graph as that run left it.
 */
export type ResolvedNode = NodeRef & { id: string; asOf?: Date };

/** Readings looked up per node id at most; a longer id's further readings are not tried. */
const MAX_READINGS = 1000;
/** Readings named in the error message at most. */
const READINGS_LISTED = 10;

const pairKey = (namespace: string, name: string) => `${namespace}\u0000${name}`;

/**
 * Resolves a Marquez node id against what the store holds: of the ways its colons can split it, the
 * one with the longest namespace that names an existing node, then (for a field) the longest
 * dataset name. A 400 UNKNOWN_NODE only when no reading names one; its message lists the readings.
 */
@Injectable()
export class NodeResolver {
  constructor(private readonly nodes: NodeIdRepository) {}

  async resolve(nodeId: string): Promise<ResolvedNode> {
    const typed = typedNodeId(nodeId);
    if (typed?.type === 'run') return this.runNode(typed.text);
    if (!typed || !wellFormed(typed.type, typed.text)) {
      throw new InvalidInputError(
        'INVALID_PARAMETER',
        "nodeId must be 'dataset:{namespace}:{name}', 'job:{namespace}:{name}', 'datasetField:{namespace}:{name}:{field}' or 'run:{run id}'",
      );
    }
    const readings = typed.type === 'datasetField' ? await this.fieldReadings(typed.text) : this.nodeReadings(typed.type, typed.text);
    const found = typed.type === 'datasetField' ? await this.existingField(readings) : await this.existingNode(typed.type, readings);
    if (found) return found;
    throw new InvalidInputError('UNKNOWN_NODE', unknownMessage(typed.type, typed.text, readings));
  }

  private async runNode(runId: string): Promise<ResolvedNode> {
    if (!UUID_PATTERN.test(runId)) throw new InvalidInputError('INVALID_PARAMETER', "nodeId: a run node is 'run:{run id}', the run id a UUID");
    const run = await this.nodes.run(runId.toLowerCase());
    if (!run) throw new InvalidInputError('UNKNOWN_NODE', `nodeId names no existing run: no run has id '${runId}'`);
    return { type: 'job', namespace: run.jobNamespace, name: run.jobName, id: run.jobId, asOf: run.lastSeenAt };
  }

  private nodeReadings(type: 'dataset' | 'job', text: string): NodeRef[] {
    return splitsAtColons(text)
      .slice(0, MAX_READINGS)
      .map(([namespace, name]) => ({ type, namespace, name }));
  }

  /** Field readings are many (two colons to choose): only those in a namespace that exists. */
  private async fieldReadings(text: string): Promise<NodeRef[]> {
    const splits = splitsAtColons(text).slice(0, MAX_READINGS);
    const namespaces = await this.nodes.existingNamespaces(splits.map(([namespace]) => namespace));
    const readings = splits.flatMap(([namespace, rest]) =>
      namespaces.has(namespace) ? splitsAtColons(rest).map(([name, field]) => ({ type: 'datasetField' as const, namespace, name, field })) : [],
    );
    return readings.slice(0, MAX_READINGS);
  }

  private async existingNode(type: 'dataset' | 'job', readings: NodeRef[]): Promise<ResolvedNode | null> {
    const existing = byPair(await this.nodes.existing(type === 'dataset' ? 'datasets' : 'jobs', readings));
    for (const reading of readings) {
      const node = existing.get(pairKey(reading.namespace, reading.name));
      if (node) return { ...reading, id: node.id };
    }
    return null;
  }

  private async existingField(readings: NodeRef[]): Promise<ResolvedNode | null> {
    const datasets = byPair(await this.nodes.existing('datasets', readings));
    const candidates = readings.flatMap((reading) => {
      const dataset = datasets.get(pairKey(reading.namespace, reading.name));
      return dataset && reading.type === 'datasetField' ? [{ reading, datasetId: dataset.id, field: reading.field }] : [];
    });
    const known = new Set((await this.nodes.knownFields(candidates)).map((f) => pairKey(f.datasetId, f.field)));
    const found = candidates.find((c) => known.has(pairKey(c.datasetId, c.field)));
    return found ? { ...found.reading, id: found.datasetId } : null;
  }
}

function byPair(nodes: ExistingNode[]): Map<string, ExistingNode> {
  return new Map(nodes.map((n) => [pairKey(n.namespace, n.name), n]));
}

/** Enough non-empty parts between colons for the type: two, or three for a field. */
function wellFormed(type: string, text: string): boolean {
  const splits = splitsAtColons(text);
  return type === 'datasetField' ? splits.some(([, rest]) => splitsAtColons(rest).length > 0) : splits.length > 0;
}

function unknownMessage(type: string, text: string, readings: NodeRef[]): string {
  const kind = type === 'datasetField' ? 'dataset field' : type;
  if (readings.length === 0) {
    const namespaces = splitsAtColons(text).map(([namespace]) => `'${namespace}'`);
    return `nodeId names no existing ${kind}: no namespace it could start with exists (tried ${namespaces.slice(0, READINGS_LISTED).join(', ')})`;
  }
  const listed = readings.slice(0, READINGS_LISTED).map(describeReading).join('; ');
  const more = readings.length > READINGS_LISTED ? ` and ${readings.length - READINGS_LISTED} more` : '';
  return `nodeId names no existing ${kind}; readings tried: ${listed}${more}`;
}
