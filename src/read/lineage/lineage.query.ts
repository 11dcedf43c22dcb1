import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDate, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { parseInstant } from '../../database/precise-timestamps';

export const DEFAULT_DEPTH = 20;
export const MAX_DEPTH = 100;
export const DEFAULT_MAX_NODES = 1000;
export const MAX_MAX_NODES = 10_000;

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** Parameters every graph walk takes: how deep, how many nodes at most, and as of when. */
export class GraphWalkQuery {
  @ApiPropertyOptional({ default: DEFAULT_DEPTH, minimum: 0, maximum: MAX_DEPTH, description: 'Table level: jobs away from the node (its own job, or the jobs touching the dataset, are 0 or 1 away). Field level: field-to-field edges.' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(MAX_DEPTH)
  depth?: number;

  @ApiPropertyOptional({ default: DEFAULT_MAX_NODES, minimum: 1, maximum: MAX_MAX_NODES, description: 'Most nodes returned; nearer nodes first. `truncated` says when more were reachable.' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_MAX_NODES)
  maxNodes?: number;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'The graph as its edges stood at this time: an edge counts from the first event that named it, and ends at the last one when a newer event of its job (or output field) replaced it. Default: now.',
  })
  @IsOptional() @Transform(({ value }) => (typeof value === 'string' ? parseInstant(value) : value)) @IsDate({ message: 'asOf must be an ISO 8601 timestamp' })
  asOf?: Date;
}

export class LineageQuery extends GraphWalkQuery {
  @ApiProperty({
    description:
      "The node: 'dataset:{namespace}:{name}', 'job:{namespace}:{name}', or 'run:{run id}': the graph around the run's job as that run " +
      "left it (as of the run's last event), the lineage of that run's version of the job",
    example: 'dataset:trino://trino.example.com:8080:hive.sales.orders',
  })
  @IsString() @MaxLength(4100)
  nodeId!: string;

  @ApiPropertyOptional({ enum: ['upstream', 'downstream', 'both'], default: 'both', description: 'Follow edges against (upstream) or along (downstream) the data flow, or both from the node' })
  @IsOptional() @IsIn(['upstream', 'downstream', 'both'])
  direction?: 'upstream' | 'downstream' | 'both';
}

export class ColumnLineageQuery extends GraphWalkQuery {
  @ApiProperty({ description: "'dataset:{namespace}:{name}' (all its fields) or 'datasetField:{namespace}:{name}:{field}'" })
  @IsString() @MaxLength(4100)
  nodeId!: string;

  @ApiPropertyOptional({ default: false, description: 'Also walk downstream (the fields this one feeds), not only upstream' })
  @IsOptional() @Transform(toBoolean) @IsBoolean({ message: 'withDownstream must be true or false' })
  withDownstream?: boolean;
}
