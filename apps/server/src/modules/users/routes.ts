import {
  CancellationBodySchema,
  ErrorReplySchema,
  UpdateUserBodySchema,
  UserSchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireAuth } from '../../http/authenticate';
import { clearSessionCookie } from '../auth/session';
import { deleteUser, getUser, updateUser } from './service';

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema };
const IdParams = z.object({ id: z.uuid() });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/user/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Your user',
        tags: ['user'],
        security,
        params: IdParams,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => getUser(app.deps.database, callerOf(request), request.params.id),
  );

  app.patch(
    '/user/:id',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          'Change your name, or your password (right after confirming the current one with POST /api/auth)',
        tags: ['user'],
        security,
        params: IdParams,
        body: UpdateUserBodySchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) =>
      updateUser(
        app.deps.database,
        app.deps.services.refreshTokens,
        callerOf(request),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/user',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Delete your account, with the reason for leaving',
        tags: ['user'],
        security,
        body: CancellationBodySchema.optional(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUser(app.deps.database, callerOf(request), request.body);
      clearSessionCookie(reply, app.deps.config.PUBLIC_URL.startsWith('https:'));
      return reply.code(204).send(null);
    },
  );
};
