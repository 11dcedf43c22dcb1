import { EventLoopSlices } from '../core/event-loop-slices';
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

/** Pure: what one event changes. */
function eventMutations(event: LoggedEvent): Mutation[] {
  return PROCESSORS.flatMap((process) => process(event));
}

/** Pure: what a batch of events changes, grouped by table. */
export function processEvents(events: LoggedEvent[]): MutationsByType {
  return groupMutations(events.flatMap(eventMutations));
}

/** processEvents, yielding to the event loop between slices (a batch of large events takes long). */
export async function processEventsInSlices(events: LoggedEvent[]): Promise<MutationsByType> {
  const slices = new EventLoopSlices();
  const mutations: Mutation[] = [];
  for (const event of events) {
    mutations.push(...eventMutations(event));
    await slices.next();
  }
  return groupMutations(mutations);
}
