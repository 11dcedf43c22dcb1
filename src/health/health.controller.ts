import { Controller, Get, HttpException, Logger } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { ReadinessIndicators } from './readiness.indicators';

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Readiness');
  /** The last answer, to log changes only (probes run every few seconds). */
  private wasReady: boolean | null = null;

  constructor(
    private readonly health: HealthCheckService,
    private readonly readiness: ReadinessIndicators,
  ) {}

  /**
   * The process answers. Never checks PostgreSQL (an outage must not restart pods) and does not
   * use HealthCheckService (terminus would turn it 503 during shutdown too).
   */
  @Get('live')
  @ApiOperation({ operationId: 'getLiveness', summary: 'Liveness: the process answers HTTP (never touches PostgreSQL)' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({ operationId: 'getReadiness', summary: 'Readiness: PostgreSQL answers, the schema is current, not shutting down (503 names the failing check)' })
  @ApiServiceUnavailableResponse({ description: 'A check failed; `error` names it (shutdown, database, schema)' })
  async ready(): Promise<HealthCheckResult> {
    try {
      const result = await this.health.check([
        () => this.readiness.accepting(),
        () => this.readiness.database(),
        () => this.readiness.schema(),
      ]);
      if (this.wasReady === false) this.logger.log('readiness: ready again');
      this.wasReady = true;
      return result;
    } catch (error) {
      const failing = error instanceof HttpException ? (error.getResponse() as HealthCheckResult).error : undefined;
      if (this.wasReady !== false) this.logger.warn({ failing }, 'readiness: not ready');
      this.wasReady = false;
      throw error;
    }
  }
}
