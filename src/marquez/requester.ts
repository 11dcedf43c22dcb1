import type { FastifyRequest } from 'fastify';
import type { Requester } from '../deletions/node-deletions.repository';

/** Where an operator's request came from (no authentication, by decision). */
export function requesterOf(request: FastifyRequest): Requester {
  const userAgent = request.headers['user-agent'];
  return { peerAddress: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
