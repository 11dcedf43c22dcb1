import { datasetId } from '../../openlineage/dataset-identity';
import { jobId } from '../../openlineage/job-identity';
import { ExplicitLineage, LineageEntity, readLineageDatasetFacet, readLineageJobFacet } from '../../openlineage/lineage-facet';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { eventJob, namedDatasets, Stamp, stampOf } from './processor';
import { datasetMention, jobMention } from './rows';

const idOf = (entity: LineageEntity) => (entity.kind === 'dataset' ? datasetId(entity.namespace, entity.name) : jobId(entity.namespace, entity.name));

/**
 * Explicit lineage, the `lineage` facet (docs/adr/0030-declared-and-observed-lineage.md): the
 * job facet of a job event declares the job's lineage, a run event's states what that run
 * observed; a dataset's facet, wherever the dataset is named, declares its sources. A declaration
 * is stated with its declarer, so it ends the edges that declarer declared before; an observation
 * ends as a run's inputs do, when the job runs again without it. Every entity an edge names gets
 * its dataset or job row, so the edge has both ends in the graph without any run.
 */
export function explicitLineageProcessor(event: LoggedEvent): Mutation[] {
  const stamp = stampOf(event);
  const out: Mutation[] = [];
  const job = eventJob(event);
  if (job && event.kind !== 'dataset') {
    const lineage = readLineageJobFacet(job.facets, { namespace: job.namespace, name: job.name });
    if (lineage) out.push(...statement(job.id, event.kind === 'job' ? 'declared' : 'observed', lineage, stamp));
  }
  for (const dataset of namedDatasets(event)) {
    const lineage = readLineageDatasetFacet(dataset.facets, { namespace: dataset.namespace, name: dataset.name });
    if (lineage) out.push(...statement(dataset.id, 'declared', lineage, stamp));
  }
  return out;
}

function statement(declarerId: string, source: 'declared' | 'observed', lineage: ExplicitLineage, stamp: Stamp): Mutation[] {
  const out: Mutation[] = [];
  if (source === 'declared') out.push(mutation('lineage_declarations', { declarerId, eventTime: stamp.at, eventId: stamp.eventId }));
  const mentioned = new Set<string>();
  const mention = (entity: LineageEntity, id: string) => {
    if (mentioned.has(id)) return;
    mentioned.add(id);
    out.push(mutation('namespaces', { name: entity.namespace, firstSeenAt: stamp.at, lastSeenAt: stamp.at }));
    out.push(
      entity.kind === 'dataset'
        ? mutation('datasets', datasetMention(entity.namespace, entity.name, 'dataset', stamp))
        : mutation('jobs', jobMention(entity.namespace, entity.name, stamp)),
    );
  };
  for (const edge of lineage.edges) {
    const originId = idOf(edge.origin);
    const destinationId = idOf(edge.destination);
    mention(edge.origin, originId);
    mention(edge.destination, destinationId);
    out.push(
      mutation('explicit_lineage_edges', {
        declarerId,
        source,
        originKind: edge.origin.kind,
        originId,
        originField: edge.originField,
        destinationKind: edge.destination.kind,
        destinationId,
        destinationField: edge.destinationField,
        transformationType: edge.type,
        transformationSubtype: edge.subtype,
        description: edge.description,
        masking: edge.masking,
        firstSeenAt: stamp.at,
        firstEventId: stamp.eventId,
        lastSeenAt: stamp.at,
        lastEventId: stamp.eventId,
      }),
    );
  }
  return out;
}
