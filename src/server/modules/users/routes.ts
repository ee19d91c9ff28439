import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_CHANGE_SENT } from '../../../shared/email-address.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { queueScreenInvestor } from '../screening/jobs.ts';
import { assertFounderForEmailChange, requestEmailChange } from './email-change.ts';
import { createUser, deleteUser, listUsers, resetPassword, resetUserTwoFactor, updateUser } from './service.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);

  route.get('/api/users', async () => ({ users: await listUsers(ctx.db) }));

  route.post('/api/users', async (request, reply) => {
    const input = request.body;
    const user = await createUser(ctx, input, currentUser(request), clientIp(request));
    // A new investor is screened against the lists (issue 31), after the answer.
    if (user.role === 'investor') await queueScreenInvestor(ctx, user.id);
    return reply.status(201).send({ user });
  });

  route.patch('/api/users/:id', async (request) => {
    const id = idParam(request.params, 'User not found');
    const input = request.body;
    const user = await updateUser(ctx, id, input, currentUser(request), clientIp(request));
    // A changed name is screened again (issue 31); an unchanged one raises nothing new.
    if (user.role === 'investor' && 'name' in input) await queueScreenInvestor(ctx, user.id);
    // A suspension ends the user's sessions: answer once every instance has dropped them.
    await invalidationsOf(ctx.db)?.sync();
    return { user };
  });

  route.delete('/api/users/:id', async (request) => {
    const id = idParam(request.params, 'User not found');
    await deleteUser(ctx, id, currentUser(request), clientIp(request));
    await invalidationsOf(ctx.db)?.sync();
    return { message: 'User deleted' };
  });

  route.post('/api/users/:id/reset-password', async (request) => {
    const id = idParam(request.params, 'User not found');
    const temporaryPassword = await resetPassword(ctx, id, currentUser(request), clientIp(request));
    await invalidationsOf(ctx.db)?.sync();
    return { temporaryPassword };
  });

  // A founder changes an administrator's address: a link to the new one, applied when confirmed.
  // Founders only, before the body is read (a refusal is logged): so in a hook that runs before
  // the route table's body schema.
  const founderForEmailChange = async (request: FastifyRequest) =>
    assertFounderForEmailChange(ctx, currentUser(request), idParam(request.params, 'User not found'), clientIp(request));
  route.post('/api/users/:id/email', { preHandler: founderForEmailChange }, async (request, reply) => {
    const id = idParam(request.params, 'User not found');
    const actor = currentUser(request);
    const { email } = request.body;
    const { pendingEmail } = await requestEmailChange(ctx, id, email, actor, clientIp(request));
    return reply.status(202).send({ message: EMAIL_CHANGE_SENT, pendingEmail });
  });

  route.post('/api/users/:id/reset-two-factor', async (request) => {
    const id = idParam(request.params, 'User not found');
    await resetUserTwoFactor(ctx, id, currentUser(request), clientIp(request));
    // The user's sessions ended: answer once every instance has dropped them.
    await invalidationsOf(ctx.db)?.sync();
    return { message: 'Two-factor authentication reset' };
  });
}
