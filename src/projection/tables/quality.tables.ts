import { DatasetAssertionEntity } from '../../database/entities/dataset-assertion.entity';
import { DatasetQualityEntity } from '../../database/entities/dataset-quality.entity';
import { firstSeen, lastSeen, latest } from './span';
import { ProjectionTable, ranked } from './table';

/**
 * What a run measured of a dataset. The two facets are groups of their own: an event may carry
 * one and not the other (metrics on START, statistics on COMPLETE), so each follows the latest
 * event that carried it and a late older event leaves it alone. The span orders a dataset's runs.
 */
export const datasetQualityTable = new ProjectionTable(DatasetQualityEntity, {
  key: ['runId', 'datasetId', 'direction'],
  rules: [
    latest(['metricsRowCount', 'metricsBytes', 'metricsFileCount', 'columnMetrics'], 'metricsAt', 'metricsEventId'),
    latest(['statisticsRowCount', 'statisticsBytes', 'statisticsFileCount'], 'statisticsAt', 'statisticsEventId'),
    firstSeen(['firstSeenAt']),
    lastSeen(['lastSeenAt']),
  ],
});

/**
 * An assertion's result follows the latest event that reported it; where one event reports the
 * same assertion on the same column twice, a failure outranks a success (it is the one to see).
 */
export const datasetAssertionsTable = new ProjectionTable(DatasetAssertionEntity, {
  key: ['runId', 'datasetId', 'assertion', 'column'],
  rules: [
    ranked(['success', 'eventTime', 'eventId'], {
      keep: 'greatest',
      rank: ['eventTime', 'eventId', { ts: (a) => !a.success, sql: (c) => `NOT ${c('success')}` }],
    }),
  ],
});
