import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebFile, WebService } from './web.service';

/**
 * The page may load only its own script and stylesheet and call only this origin. `data:` images
 * are the inline favicon. `worker-src 'self'`: the graph layout (ELK) runs in a worker loaded from
 * our own assets; nothing needs 'unsafe-eval' or 'unsafe-inline' (React and React Flow set styles
 * through the CSSOM, which style-src does not restrict).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The Cockpit UI: {base}/ and {base}/assets/<file>. Client-side routes live in the URL hash. */
@ApiExcludeController()
@Controller()
export class WebController {
  constructor(private readonly web: WebService) {}

  @Get()
  index(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    // Relative asset URLs need the trailing slash: /lineage -> /lineage/ (keeping the query).
    const [pathname, query] = splitUrl(request.url);
    if (this.web.basePath && !pathname.endsWith('/')) {
      void reply.redirect(`${pathname}/${query}`, 308);
      return;
    }
    const page = this.web.indexPage();
    if (!page) {
      void reply
        .code(404)
        .header('content-type', 'text/plain; charset=utf-8')
        .send('The web UI is not built into this installation (run `npm run build`). The API is at api/docs.\n');
      return;
    }
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'same-origin');
    send(request, reply, page);
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const asset = this.web.asset(file);
    if (!asset) {
      void reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
      return;
    }
    // Names carry a content hash (web/build.mjs): a new build means new names.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    send(request, reply, asset);
  }
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

function send(request: FastifyRequest, reply: FastifyReply, file: WebFile): void {
  reply.header('etag', file.etag).header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === file.etag) {
    void reply.code(304).send();
    return;
  }
  void reply.header('content-type', file.contentType).send(file.body);
}
