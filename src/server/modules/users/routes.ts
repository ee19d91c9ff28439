import type { FastifyInstance } from 'fastify';
import { EMAIL_CHANGE_SENT, emailChangeInput } from '../../../shared/email-address.ts';
import { createUserInput, updateUserInput } from '../../../shared/users.ts';
import { currentUser } from '../../auth/guard.ts';
import { type AppContext, clientIp } from '../../context.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { parse } from '../../http/errors.ts';
import { idParam } from '../../http/params.ts';
import { typedRoutes } from '../../http/typed-routes.ts';
import { assertFounderForEmailChange, requestEmailChange } from './email-change.ts';
import { createUser, deleteUser, listUsers, resetPassword, resetUserTwoFactor, updateUser } from './service.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = typedRoutes(app);
  const admin = { config: { access: 'admin' as const } };

  route.get('/api/users', admin, async () => ({ users: await listUsers(ctx.db) }));

  route.post('/api/users', admin, async (request, reply) => {
    const input = parse(createUserInput, request.body);
    return reply.status(201).send({ user: await createUser(ctx, input, currentUser(request), clientIp(request)) });
  });

  route.patch('/api/users/:id', admin, async (request) => {
    const id = idParam(request.params, 'User not found');
    const input = parse(updateUserInput, request.body);
    const user = await updateUser(ctx, id, input, currentUser(request), clientIp(request));
    // A suspension ends the user's sessions: answer once every instance has dropped them.
    await invalidationsOf(ctx.db)?.sync();
    return { user };
  });

  route.delete('/api/users/:id', admin, async (request) => {
    const id = idParam(request.params, 'User not found');
    await deleteUser(ctx, id, currentUser(request), clientIp(request));
    await invalidationsOf(ctx.db)?.sync();
    return { message: 'User deleted' };
  });

  route.post('/api/users/:id/reset-password', admin, async (request) => {
    const id = idParam(request.params, 'User not found');
    const temporaryPassword = await resetPassword(ctx, id, currentUser(request), clientIp(request));
    await invalidationsOf(ctx.db)?.sync();
    return { temporaryPassword };
  });

  // A founder changes an administrator's address: a link to the new one, applied when confirmed.
  route.post('/api/users/:id/email', admin, async (request, reply) => {
    const id = idParam(request.params, 'User not found');
    const actor = currentUser(request);
    await assertFounderForEmailChange(ctx, actor, id, clientIp(request));
    const { email } = parse(emailChangeInput, request.body);
    const { pendingEmail } = await requestEmailChange(ctx, id, email, actor, clientIp(request));
    return reply.status(202).send({ message: EMAIL_CHANGE_SENT, pendingEmail });
  });

  route.post('/api/users/:id/reset-two-factor', admin, async (request) => {
    const id = idParam(request.params, 'User not found');
    await resetUserTwoFactor(ctx, id, currentUser(request), clientIp(request));
    // The user's sessions ended: answer once every instance has dropped them.
    await invalidationsOf(ctx.db)?.sync();
    return { message: 'Two-factor authentication reset' };
  });
}
