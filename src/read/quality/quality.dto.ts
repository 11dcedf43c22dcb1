import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class DatasetQualityQuery {
  @ApiPropertyOptional({ default: 30, minimum: 1, maximum: 500, description: 'How many runs (newest first)' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  limit?: number;
}

export class ColumnQualityDto {
  @ApiProperty({ example: 'amount' }) column!: string;
  @ApiProperty({ nullable: true, type: Number }) nullCount!: number | null;
  @ApiProperty({ nullable: true, type: Number }) distinctCount!: number | null;
  @ApiProperty({ nullable: true, type: Number }) min!: number | null;
  @ApiProperty({ nullable: true, type: Number }) max!: number | null;
}

export class QualityCountsDto {
  @ApiProperty({ nullable: true, type: Number }) rowCount!: number | null;
  @ApiProperty({ nullable: true, type: Number }) bytes!: number | null;
  @ApiProperty({ nullable: true, type: Number }) fileCount!: number | null;
}

export class QualityMetricsDto extends QualityCountsDto {
  @ApiProperty({ type: [ColumnQualityDto], description: 'Per-column metrics, by column name' }) columns!: ColumnQualityDto[];
}

export class AssertionDto {
  @ApiProperty({ example: 'not_null' }) assertion!: string;
  @ApiProperty({ nullable: true, type: String, description: 'null: the assertion is about the whole dataset' }) column!: string | null;
  @ApiProperty() success!: boolean;
}

export class RunQualityDto {
  @ApiProperty({ format: 'uuid' }) runId!: string;
  @ApiProperty({ enum: ['input', 'output'], description: 'Whether the run read (input) or wrote (output) the dataset' })
  direction!: 'input' | 'output';
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The dataset version (schema) the run saw; null when it sent no typed schema' })
  version!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The run's job namespace (null until the run is projected)" })
  jobNamespace!: string | null;
  @ApiProperty({ nullable: true, type: String }) jobName!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'COMPLETE', description: "The run's state" }) runState!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Event time of the latest event of this run that reported on the dataset' })
  observedAt!: string;
  @ApiProperty({ nullable: true, type: Number, description: "Rows: the metrics' rowCount, else the statistics'" })
  rowCount!: number | null;
  @ApiProperty({ type: QualityMetricsDto, nullable: true, description: 'The dataQualityMetrics facet' })
  metrics!: QualityMetricsDto | null;
  @ApiProperty({ type: QualityCountsDto, nullable: true, description: 'The inputStatistics (input) or outputStatistics (output) facet' })
  statistics!: QualityCountsDto | null;
  @ApiProperty({ type: [AssertionDto], description: 'The dataQualityAssertions this run reported on the dataset, by assertion and column' })
  assertions!: AssertionDto[];
}

export class LatestAssertionsDto {
  @ApiProperty({ format: 'uuid', description: 'The run that reported on the dataset last' }) runId!: string;
  @ApiProperty({ format: 'date-time' }) eventTime!: string;
  @ApiProperty({ type: [AssertionDto] }) assertions!: AssertionDto[];
}

export class DatasetQualityDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [RunQualityDto], description: 'One entry per run and direction that reported metrics, statistics or assertions, newest first (at most limit)' })
  runs!: RunQualityDto[];
  @ApiProperty({ type: LatestAssertionsDto, nullable: true, description: 'null when no run reported assertions on the dataset' })
  latestAssertions!: LatestAssertionsDto | null;
}
