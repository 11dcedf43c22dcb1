import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods some route answers at this path (query string ignored); empty for an unknown path. */
export function allowedMethods(fastify: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0];
  return METHODS.filter((method) => fastify.findRoute({ method, url: path }) !== null);
}
