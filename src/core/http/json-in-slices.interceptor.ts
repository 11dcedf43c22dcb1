import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { from, Observable, switchMap } from 'rxjs';
import { stringifyInSlices } from './json-in-slices';

/**
 * For endpoints whose answers can be megabytes (lineage graphs): the handler's result is
 * serialised by stringifyInSlices, so that the event loop is not held for the whole of it, and
 * sent as the JSON text it is. The bytes are those Fastify's own serialisation would send.
 */
@Injectable()
export class JsonInSlicesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<string> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      switchMap((body: unknown) =>
        from(
          stringifyInSlices(body).then((text) => {
            void reply.header('content-type', 'application/json; charset=utf-8');
            return text;
          }),
        ),
      ),
    );
  }
}
