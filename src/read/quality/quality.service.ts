import { Injectable } from '@nestjs/common';
import { datasetId } from '../../openlineage/dataset-identity';
import { DatasetViewsService } from '../datasets/dataset-views.service';
import { groupBy } from '../shared/group-by';
import { AssertionRow, QualityRepository, RunQualityRow } from './quality.repository';
import { AssertionDto, DatasetQualityDto, LatestAssertionsDto, QualityCountsDto, QualityMetricsDto, RunQualityDto } from './quality.dto';

const DEFAULT_RUNS = 30;

const count = (v: string | null): number | null => (v === null ? null : Number(v));

function metricsOf(row: RunQualityRow): QualityMetricsDto | null {
  if (row.metricsAt === null) return null;
  return {
    rowCount: count(row.metricsRowCount),
    bytes: count(row.metricsBytes),
    fileCount: count(row.metricsFileCount),
    columns: Object.entries(row.columnMetrics ?? {})
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([column, m]) => ({ column, ...m })),
  };
}

function statisticsOf(row: RunQualityRow): QualityCountsDto | null {
  if (row.statisticsAt === null) return null;
  return { rowCount: count(row.statisticsRowCount), bytes: count(row.statisticsBytes), fileCount: count(row.statisticsFileCount) };
}

function runQuality(row: RunQualityRow, assertions: AssertionDto[]): RunQualityDto {
  const metrics = metricsOf(row);
  const statistics = statisticsOf(row);
  return {
    runId: row.runId,
    direction: row.direction,
    version: row.versionId,
    jobNamespace: row.jobNamespace,
    jobName: row.jobName,
    runState: row.runState,
    observedAt: row.lastSeenAt.toISOString(),
    rowCount: metrics?.rowCount ?? statistics?.rowCount ?? null,
    metrics,
    statistics,
    assertions,
  };
}

const assertionOf = (row: AssertionRow): AssertionDto => ({ assertion: row.assertion, column: row.column === '' ? null : row.column, success: row.success });

/** A dataset's data quality: what each run measured of it, and the assertions the latest run checked. */
@Injectable()
export class QualityService {
  constructor(
    private readonly quality: QualityRepository,
    private readonly datasets: DatasetViewsService,
  ) {}

  async ofDataset(namespace: string, name: string, limit = DEFAULT_RUNS): Promise<DatasetQualityDto> {
    const id = await this.datasets.idOf(namespace, name);
    const [runs, latestAssertions] = await Promise.all([this.quality.runs(id, limit), this.latestAssertions(id)]);
    const assertions = groupBy(await this.quality.assertionsOfRuns(id, [...new Set(runs.map((r) => r.runId))]), (a) => a.runId);
    return { namespace, name, runs: runs.map((r) => runQuality(r, (assertions.get(r.runId) ?? []).map(assertionOf))), latestAssertions };
  }

  /** By namespace and name, without looking the dataset up: null for a dataset the store does not know. */
  latestAssertionsByName(namespace: string, name: string): Promise<LatestAssertionsDto | null> {
    return this.latestAssertions(datasetId(namespace, name));
  }

  private async latestAssertions(id: string): Promise<LatestAssertionsDto | null> {
    const rows = await this.quality.latestAssertions(id);
    if (rows.length === 0) return null;
    return { runId: rows[0].runId, eventTime: rows[0].eventTime.toISOString(), assertions: rows.map(assertionOf) };
  }
}
