import type { FastifyInstance } from 'fastify';

/**
 * Swagger UI loads its scripts from the service and sets styles inline; nothing else is allowed:
 * no inline or foreign script, no framing, no plugin.
 */
export const SWAGGER_UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** `nosniff` on every response; the Content-Security-Policy on Swagger UI's pages and assets. */
export function registerSecurityHeaders(fastify: FastifyInstance, swaggerUiPath: string): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-content-type-options', 'nosniff');
    const path = request.url.split('?')[0];
    if (path === swaggerUiPath || path.startsWith(`${swaggerUiPath}/`)) void reply.header('content-security-policy', SWAGGER_UI_CSP);
    done(null, payload);
  });
}
