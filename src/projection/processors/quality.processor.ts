import { readAssertions, readQualityMetrics, readStatistics } from '../../openlineage/quality-facets';
import { JsonObject } from '../../openlineage/json';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { namedDatasets, stampOf, stampWhen } from './processor';

const bigint = (n: number | null): string | null => (n === null ? null : String(n));

/**
 * Data quality per run and dataset: the metrics, statistics and assertions a run event reports
 * on its inputs and outputs. They are run-level facets of the dataset (`inputFacets`,
 * `outputFacets`); a producer that puts them among the dataset's own `facets` is read too, the
 * run-level facet winning where both are sent. Events without a run, and datasets without any
 * of these facets, state nothing.
 */
export function qualityProcessor(event: LoggedEvent): Mutation[] {
  const { runId } = event;
  if (!runId) return [];
  const out: Mutation[] = [];
  const stamp = stampOf(event);
  for (const dataset of namedDatasets(event)) {
    if (dataset.role === 'dataset') continue;
    const facets: JsonObject = { ...dataset.facets, ...dataset.ioFacets };
    const metrics = readQualityMetrics(facets);
    const statistics = readStatistics(facets, dataset.role);
    const assertions = readAssertions(facets);
    // A run that reported only assertions has its row too: the row is the run's entry in the dataset's history.
    if (metrics || statistics || assertions.length > 0) {
      const metricsStamp = stampWhen(metrics !== null, stamp);
      const statisticsStamp = stampWhen(statistics !== null, stamp);
      out.push(
        mutation('dataset_quality', {
          runId,
          datasetId: dataset.id,
          direction: dataset.role,
          metricsRowCount: bigint(metrics?.rowCount ?? null),
          metricsBytes: bigint(metrics?.bytes ?? null),
          metricsFileCount: bigint(metrics?.fileCount ?? null),
          columnMetrics: metrics?.columns ?? null,
          metricsAt: metricsStamp.at,
          metricsEventId: metricsStamp.eventId,
          statisticsRowCount: bigint(statistics?.rowCount ?? null),
          statisticsBytes: bigint(statistics?.bytes ?? null),
          statisticsFileCount: bigint(statistics?.fileCount ?? null),
          statisticsAt: statisticsStamp.at,
          statisticsEventId: statisticsStamp.eventId,
          firstSeenAt: stamp.at,
          lastSeenAt: stamp.at,
        }),
      );
    }
    for (const result of assertions) {
      out.push(mutation('dataset_assertions', { runId, datasetId: dataset.id, ...result, eventTime: stamp.at, eventId: stamp.eventId }));
    }
  }
  return out;
}
