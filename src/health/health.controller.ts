import { Controller, Get, HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { ErrorCode } from '../core/errors/error-codes';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { ReadinessIndicators } from './readiness.indicators';

const NOT_READY: ErrorCode = 'NOT_READY';

/** Terminus's result of the checks, with the code every error body carries. */
const NOT_READY_SCHEMA = {
  type: 'object',
  required: ['status', 'code'],
  properties: {
    status: { type: 'string', enum: ['error', 'shutting_down'] },
    code: { type: 'string', enum: [NOT_READY] },
    info: { type: 'object', additionalProperties: true },
    error: { type: 'object', additionalProperties: true, description: 'The failing checks by name, each with its status and message' },
    details: { type: 'object', additionalProperties: true },
  },
};

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
  @ApiServiceUnavailableResponse({ description: 'NOT_READY: a check failed; `error` names it (shutdown, database, schema)', schema: NOT_READY_SCHEMA })
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
      if (!(error instanceof HttpException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      if (this.wasReady !== false) this.logger.warn({ failing: result.error }, 'readiness: not ready');
      this.wasReady = false;
      throw new ServiceUnavailableException({ ...result, code: NOT_READY });
    }
  }
}
