import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { HEALTH_DATABASE } from '../database/database.module';
import { DataSource } from 'typeorm';
import { serviceVersion } from '../core/service-version';

export class VersionDto {
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ nullable: true, type: String, description: 'GIT_COMMIT at build time, when known' }) commit!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Latest migration applied to the database' }) schemaVersion!: string | null;
  @ApiProperty({ example: '2-0-2' }) openLineageSpec!: string;
}

@ApiTags('Operations')
@Controller('version')
export class VersionController {
  constructor(@InjectDataSource(HEALTH_DATABASE) private readonly dataSource: DataSource) {}

  @Get()
  @ApiOperation({ operationId: 'getVersion', summary: 'Service version, git commit, schema version and supported OpenLineage spec' })
  @ApiOkResponse({ type: VersionDto })
  async version(): Promise<VersionDto> {
    let schemaVersion: string | null = null;
    try {
      const rows = await this.dataSource.query('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1');
      schemaVersion = rows[0]?.name ?? null;
    } catch {
      schemaVersion = null;
    }
    return { ...serviceVersion(), schemaVersion, openLineageSpec: '2-0-2' };
  }
}
