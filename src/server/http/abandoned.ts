import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its response is written (the
 * connection closed early). Work still queued for that request (a password check waiting for
 * its turn) can then be dropped instead of being done for nobody.
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
