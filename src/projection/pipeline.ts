import { LoggedEvent } from '../log/logged-event';
import { groupMutations, Mutation, MutationsByType } from './mutations';
import { datasetFacetsProcessor } from './processors/dataset-facets.processor';
import { datasetVersionsProcessor } from './processors/dataset-versions.processor';
import { datasetsProcessor } from './processors/datasets.processor';
import { jobVersionsProcessor } from './processors/job-versions.processor';
import { jobsAndRunsProcessor } from './processors/jobs.processor';
import { lineageProcessor } from './processors/lineage.processor';
import { Processor } from './processors/processor';

/** Every concern of the projection. A new table means a processor here and an applier. */
export const PROCESSORS: Processor[] = [
  datasetsProcessor,
  datasetFacetsProcessor,
  datasetVersionsProcessor,
  jobsAndRunsProcessor,
  jobVersionsProcessor,
  lineageProcessor,
];

/** Pure: what a batch of events changes, grouped by table. */
export function processEvents(events: LoggedEvent[]): MutationsByType {
  const mutations: Mutation[] = [];
  for (const event of events) for (const process of PROCESSORS) mutations.push(...process(event));
  return groupMutations(mutations);
}
