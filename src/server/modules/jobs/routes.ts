import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { logActivity } from '../activity/service.ts';
import { listJobs, requeueFailed } from './repository.ts';

/** The admin's view of the background jobs (decision 041): what runs, what ran, and retry of a failed job. */
export async function jobRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const { db } = ctx;

  route.get('/api/jobs', async (request) => {
    const { status, limit } = request.query;
    return { jobs: await listJobs(db, { status, limit }) };
  });

  route.post('/api/jobs/:id/retry', async (request) => {
    const id = idParam(request.params, 'Job not found');
    const outcome = await db.tx(async (q) => {
      const o = await requeueFailed(q, id);
      if (o === 'queued')
        await logActivity(q, { type: 'job_retried', userId: currentUser(request).id, details: { jobId: id }, ip: clientIp(request) });
      return o;
    });
    if (outcome === 'not-found') throw notFound('Job not found');
    if (outcome === 'not-failed') throw conflict('Only a failed job can be retried', 'JOB_NOT_FAILED');
    if (outcome === 'conflict') throw conflict('A job of this kind is already queued or running', 'JOB_IN_PROGRESS');
    void ctx.jobs?.kick();
    const [job] = await listJobs(db, { id, limit: 1 });
    if (!job) throw notFound('Job not found');
    return { job };
  });
}
