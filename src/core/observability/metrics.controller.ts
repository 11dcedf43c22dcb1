import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { PrometheusController } from '@willsoto/nestjs-prometheus';
import { register } from 'prom-client';
import { ThreadMetrics } from './thread-metrics';

/** /metrics at the library's path, with the metrics of every thread, documented like every other operation. */
@ApiTags('Operations')
@Controller()
export class MetricsController extends PrometheusController {
  constructor(private readonly threads: ThreadMetrics) {
    super();
  }

  @Get()
  @ApiOperation({ operationId: 'getMetrics', summary: 'Prometheus metrics, text exposition format (always at the root)' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Every metric of this replica', schema: { type: 'string' } })
  override index(@Res({ passthrough: true }) response: { header(name: string, value: string): unknown }): Promise<string> {
    response.header('Content-Type', register.contentType);
    return this.threads.exposition();
  }
}
