import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { PrometheusController } from '@willsoto/nestjs-prometheus';

/** /metrics as the library serves it, documented like every other operation. */
@ApiTags('Operations')
@Controller()
export class MetricsController extends PrometheusController {
  @Get()
  @ApiOperation({ operationId: 'getMetrics', summary: 'Prometheus metrics, text exposition format (always at the root)' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Every metric of this replica', schema: { type: 'string' } })
  override index(@Res({ passthrough: true }) response: unknown): Promise<string> {
    return super.index(response);
  }
}
