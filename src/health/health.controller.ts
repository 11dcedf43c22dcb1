import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { ReadinessIndicators } from './readiness.indicators';

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly readiness: ReadinessIndicators,
  ) {}

  /** The process answers. Never checks PostgreSQL: an outage must not restart pods. */
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers HTTP' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: PostgreSQL answers, the schema is current, not shutting down (503 names the failing check)' })
  @ApiServiceUnavailableResponse({ description: 'A check failed; `error` names it' })
  ready() {
    return this.health.check([
      () => this.readiness.accepting(),
      () => this.readiness.database(),
      () => this.readiness.schema(),
    ]);
  }
}
