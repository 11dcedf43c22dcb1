import { Injectable, NotFoundException } from '@nestjs/common';
import { isJsonObject as isObject, JsonObject as Json } from '../openlineage/json';
import { DatasetReadRepository, DatasetRow } from '../read/datasets/dataset-read.repository';
import { EventReadRepository } from '../log/event-read.repository';
import {
  LineageEventListDto,
  LineageEventsQuery,
  MarquezDatasetDto,
  MarquezDatasetListDto,
  MarquezFieldDto,
  MarquezNamespaceDto,
  MarquezNamespaceListDto,
  MarquezPageQuery,
} from './marquez.dto';

const DEFAULT_LIMIT = 100;
const OWNER = 'anonymous';


function fieldsOf(facets: Json): MarquezFieldDto[] {
  const fields = isObject(facets.schema) ? facets.schema.fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.filter(isObject).map((f) => ({
    name: String(f.name ?? ''),
    type: typeof f.type === 'string' ? f.type : null,
    tags: [],
    description: typeof f.description === 'string' ? f.description : null,
  }));
}

function namespaceDto(row: { name: string; firstSeenAt: Date; lastSeenAt: Date }): MarquezNamespaceDto {
  return {
    name: row.name,
    createdAt: row.firstSeenAt.toISOString(),
    updatedAt: row.lastSeenAt.toISOString(),
    ownerName: OWNER,
    description: null,
    isHidden: false,
  };
}

/** Marquez's shapes, filled with what the log knows; what it does not know is null or empty. */
function datasetDto(row: DatasetRow & { facets: Json | null }): MarquezDatasetDto {
  const facets = row.facets ?? {};
  const lifecycle = isObject(facets.lifecycleStateChange) ? facets.lifecycleStateChange.lifecycleStateChange : null;
  const documentation = isObject(facets.documentation) ? facets.documentation.description : null;
  const dataSource = isObject(facets.dataSource) ? facets.dataSource.name : null;
  return {
    id: { namespace: row.namespace, name: row.name },
    type: 'DB_TABLE',
    name: row.name,
    physicalName: row.name,
    createdAt: row.firstSeenAt.toISOString(),
    updatedAt: row.lastSeenAt.toISOString(),
    namespace: row.namespace,
    sourceName: typeof dataSource === 'string' ? dataSource : row.namespace,
    fields: fieldsOf(facets),
    tags: [],
    lastModifiedAt: null,
    lastLifecycleState: typeof lifecycle === 'string' ? lifecycle : null,
    description: typeof documentation === 'string' ? documentation : null,
    facets,
    currentVersion: null,
    deleted: false,
  };
}

@Injectable()
export class MarquezService {
  constructor(
    private readonly datasets: DatasetReadRepository,
    private readonly events: EventReadRepository,
  ) {}

  async namespaces(query: MarquezPageQuery): Promise<MarquezNamespaceListDto> {
    const rows = await this.datasets.namespaces(query.limit ?? DEFAULT_LIMIT, query.offset ?? 0);
    return { namespaces: rows.map(namespaceDto) };
  }

  async namespace(name: string): Promise<MarquezNamespaceDto> {
    const row = await this.datasets.findNamespace(name);
    if (!row) throw new NotFoundException(`namespace '${name}' not found`);
    return namespaceDto(row);
  }

  async datasetsIn(namespace: string, query: MarquezPageQuery): Promise<MarquezDatasetListDto> {
    const { rows, total } = await this.datasets.listInNamespaceWithFacets(namespace, query.limit ?? DEFAULT_LIMIT, query.offset ?? 0);
    return { datasets: rows.map(datasetDto), totalCount: total };
  }

  async dataset(namespace: string, name: string): Promise<MarquezDatasetDto> {
    const row = await this.datasets.findByNameWithFacets(namespace, name);
    if (!row) throw new NotFoundException(`dataset '${name}' not found in namespace '${namespace}'`);
    return datasetDto(row);
  }

  async lineageEvents(query: LineageEventsQuery): Promise<LineageEventListDto> {
    const { payloads, total } = await this.events.page({
      before: query.before,
      after: query.after,
      direction: query.sortDirection ?? 'desc',
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return { events: payloads, totalCount: total };
  }
}
