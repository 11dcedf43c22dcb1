import { Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../core/errors/domain-errors';
import { UUID_PATTERN } from '../../openlineage/json';
import { RunsService } from '../runs/runs.service';
import { groupBy } from '../shared/group-by';
import { mergeFlags, sourceOf } from '../shared/lineage-source';
import { MAX_OFFSET } from '../shared/page-query';
import { DatasetNodeView, DatasetVersionView, DatasetView, Facets, FieldView } from '../shared/views';
import { TagsRepository } from '../tags/tags.repository';
import { ColumnLineageRepository } from './column-lineage.repository';
import { DatasetModelRow, DatasetReadRepository } from './dataset-read.repository';
import { VersionField } from '../../database/entities/dataset-version.entity';
import { DatasetFieldsRepository } from './dataset-fields.repository';
import { DatasetVersionRow, DatasetVersionsRepository } from './dataset-versions.repository';

/** A field an untyped schema named: a name, no type or description. */
const seenField = (name: string): VersionField => ({ name, type: null, description: null });

function fieldViews(fields: VersionField[], tags: Map<string, string[]> | undefined): FieldView[] {
  return fields.map((f) => ({
    name: f.name,
    type: f.type ?? null,
    description: f.description ?? null,
    tags: tags?.get(f.name) ?? [],
  }));
}

const LIFECYCLE_FACET = 'lifecycleStateChange';

function lifecycleState(facets: Facets | undefined): string | null {
  const facet = facets?.[LIFECYCLE_FACET] as { lifecycleStateChange?: unknown } | undefined;
  return typeof facet?.lifecycleStateChange === 'string' ? facet.lifecycleStateChange : null;
}

/**
 * Datasets as the lineage model knows them: current facets, fields, version, tags and column
 * lineage, each read from its own table in one query per page (never from the events).
 */
@Injectable()
export class DatasetViewsService {
  constructor(
    private readonly datasets: DatasetReadRepository,
    private readonly versions: DatasetVersionsRepository,
    private readonly columnLineage: ColumnLineageRepository,
    private readonly tags: TagsRepository,
    private readonly runs: RunsService,
    private readonly fieldsSeen: DatasetFieldsRepository,
  ) {}

  /**
   * Each dataset's fields: its current version's, else (no typed schema yet) the field names its
   * untyped schemas gave, in the order sent.
   */
  private async currentFields(rows: DatasetModelRow[]): Promise<(row: DatasetModelRow) => VersionField[]> {
    const versionIds = rows.flatMap((r) => (r.currentVersionId ? [r.currentVersionId] : []));
    const [versions, seen] = await Promise.all([
      this.versions.byIds(versionIds),
      this.fieldsSeen.namesOf(rows.filter((r) => !r.currentVersionId).map((r) => r.id)),
    ]);
    const versionById = new Map(versions.map((v) => [v.id, v]));
    return (row) => (row.currentVersionId ? (versionById.get(row.currentVersionId)?.fields ?? []) : (seen.get(row.id) ?? []).map(seenField));
  }

  async inNamespace(namespace: string, limit: number, offset: number): Promise<{ datasets: DatasetView[]; totalCount: number }> {
    const [rows, totalCount] = await Promise.all([
      this.datasets.inNamespace(namespace, limit, offset),
      this.datasets.countInNamespace(namespace, MAX_OFFSET),
    ]);
    return { datasets: await this.views(rows), totalCount };
  }

  async byName(namespace: string, name: string): Promise<DatasetView> {
    const [view] = await this.views([await this.row(namespace, name)]);
    return view;
  }

  async byId(id: string): Promise<DatasetView | null> {
    const row = await this.datasets.findModelById(id);
    return row ? (await this.views([row]))[0] : null;
  }

  /**
   * As lineage graph nodes, in no particular order: what a graph of hundreds of nodes shows, without
   * every facet and the column lineage of each (the dataset's own page has those).
   */
  async nodesByIds(ids: string[]): Promise<DatasetNodeView[]> {
    const rows = await this.datasets.findModelByIds(ids);
    const [lifecycle, fieldsOf, tags, lastModified] = await Promise.all([
      this.datasets.facets(ids, [LIFECYCLE_FACET]),
      this.currentFields(rows),
      this.tags.of('dataset', ids),
      this.datasets.lastModified(ids),
    ]);
    return rows.map((row) => {
      const datasetTags = tags.get(row.id);
      return {
        ...row,
        fields: fieldViews(fieldsOf(row), datasetTags),
        tags: datasetTags?.get('') ?? [],
        lastModifiedAt: lastModified.get(row.id) ?? null,
        lifecycleState: lifecycleState(lifecycle.get(row.id)),
      };
    });
  }

  /** The dataset's id, or 404. */
  async idOf(namespace: string, name: string): Promise<string> {
    return (await this.row(namespace, name)).id;
  }

  async versionList(namespace: string, name: string, limit: number, offset: number): Promise<{ versions: DatasetVersionView[]; totalCount: number }> {
    const dataset = await this.row(namespace, name);
    const [rows, totalCount] = await Promise.all([
      this.versions.ofDataset(dataset.id, limit, offset),
      this.versions.countOfDataset(dataset.id, MAX_OFFSET),
    ]);
    return { versions: await this.versionViews(dataset, rows), totalCount };
  }

  async version(namespace: string, name: string, version: string): Promise<DatasetVersionView> {
    if (!UUID_PATTERN.test(version)) throw new InvalidInputError('INVALID_PARAMETER', 'version must be a dataset version (a UUID)');
    const dataset = await this.row(namespace, name);
    const [row] = await this.versions.byIds([version.toLowerCase()]);
    if (!row || row.datasetId !== dataset.id) {
      throw new NotFoundError('DATASET_VERSION_NOT_FOUND', `version '${version}' not found for dataset '${name}' in namespace '${namespace}'`);
    }
    const [view] = await this.versionViews(dataset, [row]);
    return view;
  }

  private async row(namespace: string, name: string): Promise<DatasetModelRow> {
    const row = await this.datasets.findModelByName(namespace, name);
    if (!row) throw new NotFoundError('DATASET_NOT_FOUND', `dataset '${name}' not found in namespace '${namespace}'`);
    return row;
  }

  private async views(rows: DatasetModelRow[]): Promise<DatasetView[]> {
    const ids = rows.map((r) => r.id);
    const [facets, fieldsOf, tags, columnEdges, lastModified] = await Promise.all([
      this.datasets.facets(ids),
      this.currentFields(rows),
      this.tags.of('dataset', ids),
      this.columnLineage.currentOf(ids),
      this.datasets.lastModified(ids),
    ]);
    // An input both observed and declared (same fields, same transformation) is one input, marked both.
    const merged = mergeFlags(columnEdges, (e) =>
      JSON.stringify([e.outputDatasetId, e.outputField, e.inputDatasetId, e.field, e.transformationType, e.transformationSubtype]),
    );
    const edgesByDataset = groupBy(merged, (e) => e.outputDatasetId);
    return rows.map((row) => {
      const datasetTags = tags.get(row.id);
      const byField = groupBy(edgesByDataset.get(row.id) ?? [], (e) => e.outputField);
      return {
        ...row,
        facets: facets.get(row.id) ?? {},
        fields: fieldViews(fieldsOf(row), datasetTags),
        tags: datasetTags?.get('') ?? [],
        columnLineage: [...byField].map(([field, inputs]) => ({
          field,
          inputs: inputs.map((e) => ({
            namespace: e.namespace,
            name: e.name,
            field: e.field,
            transformationType: e.transformationType,
            transformationSubtype: e.transformationSubtype,
            description: e.description,
            masking: e.masking,
            source: sourceOf(e),
          })),
        })),
        lastModifiedAt: lastModified.get(row.id) ?? null,
        lifecycleState: lifecycleState(facets.get(row.id)),
      };
    });
  }

  private async versionViews(dataset: DatasetModelRow, rows: DatasetVersionRow[]): Promise<DatasetVersionView[]> {
    const runIds = [...new Set(rows.flatMap((r) => (r.createdByRunId ? [r.createdByRunId] : [])))];
    const [runs, tags, facets] = await Promise.all([
      this.runs.views(runIds),
      this.tags.of('dataset', [dataset.id]),
      this.datasets.facets([dataset.id]),
    ]);
    const runById = new Map(runs.map((r) => [r.id, r]));
    return rows.map((row) => ({
      namespace: dataset.namespace,
      name: dataset.name,
      datasetId: dataset.id,
      version: row.id,
      createdAt: row.createdAt,
      sourceName: dataset.sourceName,
      description: dataset.description,
      fields: fieldViews(row.fields, tags.get(dataset.id)),
      // Facets are kept per dataset, not per version: the current version shows them.
      facets: row.id === dataset.currentVersionId ? (facets.get(dataset.id) ?? {}) : {},
      lifecycleState: row.id === dataset.currentVersionId ? lifecycleState(facets.get(dataset.id)) : null,
      createdByRun: row.createdByRunId ? (runById.get(row.createdByRunId) ?? null) : null,
    }));
  }
}
