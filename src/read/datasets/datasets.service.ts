import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { UUID_PATTERN } from '../../openlineage/json';
import { DatasetReadRepository, DatasetRow } from './dataset-read.repository';
import { decodeCursor, encodeCursor } from './dataset-cursor';
import { DatasetDetailDto, DatasetDto, DatasetListDto, ListDatasetsQuery } from './datasets.dto';

const DEFAULT_LIMIT = 50;
const DEFAULT_EVENTS = 50;

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
  constructor(private readonly datasets: DatasetReadRepository) {}

  async list(query: ListDatasetsQuery): Promise<DatasetListDto> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    let after;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor);
      if (!after) throw new BadRequestException('cursor is not a cursor returned by this endpoint');
    }
    // One extra row tells whether another page exists.
    const rows = await this.datasets.list({ ...query, after: after ?? undefined, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      datasets: page.map(toDatasetDto),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  async get(id: string, eventsLimit = DEFAULT_EVENTS): Promise<DatasetDetailDto> {
    if (!UUID_PATTERN.test(id)) throw new BadRequestException('id must be a dataset id (a UUID)');
    const row = await this.datasets.findById(id);
    if (!row) throw new NotFoundException(`no dataset with id ${id}`);
    const [symlinks, events] = await Promise.all([this.datasets.symlinks(id), this.datasets.recentEvents(id, eventsLimit)]);
    return {
      ...toDatasetDto(row),
      symlinks: symlinks.map((s) => ({ ...toDatasetDto(s), type: s.symlinkType, direction: s.direction })),
      events: events.map((e) => ({ ...e, eventTime: e.eventTime.toISOString() })),
    };
  }
}
