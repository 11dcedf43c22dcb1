import { ApiProperty } from '@nestjs/swagger';

export const RUN_STATES = ['NEW', 'RUNNING', 'COMPLETED', 'FAILED', 'ABORTED'] as const;
export type RunState = (typeof RUN_STATES)[number];

export class MarquezVersionIdDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'uuid' }) version!: string;
}

export class MarquezRunDatasetVersionIdDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The dataset version the run saw; null when the dataset had no schema then (not in Marquez, where every run makes a version)',
  })
  version!: string | null;
}

export class MarquezRunDatasetVersionDto {
  @ApiProperty({ type: MarquezRunDatasetVersionIdDto, description: 'Every dataset the run read (inputs) or wrote (outputs), by namespace then name' })
  datasetVersionId!: MarquezRunDatasetVersionIdDto;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Input or output facets of the dataset in this run' })
  facets!: Record<string, unknown>;
}

/** A run's state and times (a lineage node's latestRun): no facets, no dataset versions. */
export class MarquezRunSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time', description: 'Earliest event time of the run' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Latest event time of the run' }) updatedAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) nominalStartTime!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) nominalEndTime!: string | null;
  @ApiProperty({
    enum: RUN_STATES,
    description: 'START/RUNNING: RUNNING; COMPLETE: COMPLETED; FAIL: FAILED; ABORT: ABORTED; only OTHER events: NEW',
  })
  state!: RunState;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) startedAt!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) endedAt!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'endedAt - startedAt; null while unfinished' }) durationMs!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Always {}: OpenLineage runs have no args' })
  args!: Record<string, unknown>;
  @ApiProperty({ type: MarquezVersionIdDto, nullable: true }) jobVersion!: MarquezVersionIdDto | null;
}

/** A job by namespace and name. */
export class MarquezRunJobDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
}

/** Another run, with its job: how a run names its parent and root (not in Marquez). */
export class MarquezRunRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: MarquezRunJobDto }) job!: MarquezRunJobDto;
}

export class MarquezRunDto extends MarquezRunSummaryDto {
  @ApiProperty({ type: MarquezRunJobDto, description: 'Not in Marquez: the job of the run' }) job!: MarquezRunJobDto;
  @ApiProperty({
    type: MarquezRunRefDto,
    nullable: true,
    description: "Not in Marquez: the parent run named by the run's latest `parent` facet (ParentRunFacet); its children: GET /api/v1/jobs/runs/{id}/children",
  })
  parentRun!: MarquezRunRefDto | null;
  @ApiProperty({
    type: MarquezRunRefDto,
    nullable: true,
    description: "Not in Marquez: the root of the run's hierarchy: the `root` its parent facet named, else the top of its parent chain; null for a run without a parent",
  })
  rootRun!: MarquezRunRefDto | null;
  @ApiProperty({ type: [MarquezRunDatasetVersionDto] }) inputDatasetVersions!: MarquezRunDatasetVersionDto[];
  @ApiProperty({ type: [MarquezRunDatasetVersionDto] }) outputDatasetVersions!: MarquezRunDatasetVersionDto[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Run facets, merged latest-wins by event time' })
  facets!: Record<string, unknown>;
}

export class MarquezRunListDto {
  @ApiProperty({ type: [MarquezRunDto] }) runs!: MarquezRunDto[];
  @ApiProperty({ description: 'Every run of the job' }) totalCount!: number;
}

export class RunChildrenDto {
  @ApiProperty({ type: [MarquezRunDto], description: 'Oldest first (by first event time)' }) runs!: MarquezRunDto[];
  @ApiProperty({ description: 'Every child run, counted exactly up to 10,000' }) totalCount!: number;
}

export class MarquezFacetsResultDto {
  @ApiProperty({ format: 'uuid' }) runId!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) facets!: Record<string, unknown>;
}
