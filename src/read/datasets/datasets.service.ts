import { Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../core/errors/domain-errors';
import { UUID_PATTERN } from '../../openlineage/json';
import { sourceOf } from '../shared/lineage-source';
import { DatasetJobRow, DatasetReadRepository, DatasetRow, MIN_INDEXED_SEARCH } from './dataset-read.repository';
import { DatasetVersionsRepository } from './dataset-versions.repository';
import { DatasetViewsService } from './dataset-views.service';
import { decodeCursor, encodeCursor } from './dataset-cursor';
import { DatasetDetailDto, DatasetDto, DatasetListDto, ListDatasetsQuery } from './datasets.dto';

const DEFAULT_LIMIT = 50;
const DEFAULT_EVENTS = 50;
/** Datasets one short (unindexable) search looks at per page: a few milliseconds, never a table scan. */
const SHORT_SEARCH_SCAN_ROWS = 2000;
const DEFAULT_JOBS = 50;
/** The list's totalCount counts exactly up to this many. */
export const DATASET_COUNT_CAP = 10_000;

export function toDatasetDto(row: DatasetRow): DatasetDto {
  return {
    id: row.id,
    namespace: row.namespace,
    name: row.name,
    scheme: row.scheme,
    authority: row.authority,
    kind: row.kind,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

@Injectable()
export class DatasetsService {
  constructor(
    private readonly datasets: DatasetReadRepository,
    private readonly versions: DatasetVersionsRepository,
    private readonly views: DatasetViewsService,
  ) {}

  async list(query: ListDatasetsQuery): Promise<DatasetListDto> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    let after;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor);
      if (!after) throw new InvalidInputError('BAD_CURSOR', 'cursor is not a cursor returned by this endpoint');
    }
    // One extra row tells whether another page exists.
    const filter = { ...query, after: after ?? undefined, limit: limit + 1 };
    const short = Boolean(filter.q && filter.q.length < MIN_INDEXED_SEARCH);
    const [{ rows, windowEnd }, totalCount] = await Promise.all([
      short ? this.datasets.searchWindow({ ...filter, q: filter.q! }, SHORT_SEARCH_SCAN_ROWS) : this.datasets.list(filter).then((rows) => ({ rows, windowEnd: null })),
      // A search too short for the trigram indexes is not counted: counting it would scan the table.
      short ? null : this.datasets.count({ q: query.q, namespace: query.namespace, scheme: query.scheme, kind: query.kind }, DATASET_COUNT_CAP),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const continueAfter = rows.length > limit ? last : windowEnd;
    return {
      datasets: page.map(toDatasetDto),
      nextCursor: continueAfter ? encodeCursor(continueAfter) : null,
      totalCount,
    };
  }

  async get(id: string, eventsLimit = DEFAULT_EVENTS, jobsLimit = DEFAULT_JOBS): Promise<DatasetDetailDto> {
    if (!UUID_PATTERN.test(id)) throw new InvalidInputError('INVALID_PARAMETER', 'id must be a dataset id (a UUID)');
    const view = await this.views.byId(id.toLowerCase());
    if (!view) throw new NotFoundError('DATASET_NOT_FOUND', `no dataset with id ${id}`);
    const [symlinks, events, jobs, [version]] = await Promise.all([
      this.datasets.symlinks(view.id),
      this.datasets.recentEvents(view.id, eventsLimit),
      this.datasets.jobs(view.id, jobsLimit),
      this.versions.byIds(view.currentVersionId ? [view.currentVersionId] : []),
    ]);
    const job = (j: DatasetJobRow) => ({
      namespace: j.namespace,
      name: j.name,
      firstSeenAt: j.firstSeenAt.toISOString(),
      lastSeenAt: j.lastSeenAt.toISOString(),
      source: sourceOf(j),
    });
    return {
      ...toDatasetDto(view),
      description: view.description,
      sourceName: view.sourceName,
      fields: view.fields,
      currentVersion: version
        ? { version: version.id, createdAt: version.createdAt.toISOString(), createdByRunId: version.createdByRunId }
        : null,
      facets: view.facets,
      tags: view.tags,
      readBy: jobs.filter((j) => j.direction === 'input').map(job),
      writtenBy: jobs.filter((j) => j.direction === 'output').map(job),
      symlinks: symlinks.map((s) => ({ ...toDatasetDto(s), type: s.symlinkType, direction: s.direction })),
      events: events.map((e) => ({ ...e, eventTime: e.eventTime.toISOString() })),
    };
  }
}
