import {
  AltchaChallengeSchema,
  ErrorReplySchema,
  PasswordConfirmedReplySchema,
  RegisterBodySchema,
  RegisterReplySchema,
  ResetPasswordBodySchema,
  ResetRequestBodySchema,
  SignInBodySchema,
  TokensReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { readAuth } from '../../http/authenticate';
import { hit } from '../../platform/rate-limit';
import {
  authenticate,
  confirmPassword,
  LIMITS,
  register,
  requestPasswordReset,
  requireHuman,
  resetPassword,
} from './service';
import { clearSessionCookie, presentedRefreshToken, sessionReply, startSession } from './session';

const errors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  404: ErrorReplySchema,
  409: ErrorReplySchema,
  410: ErrorReplySchema,
  429: ErrorReplySchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ ...app.deps, secureCookies: app.deps.config.PUBLIC_URL.startsWith('https:') });

  app.post(
    '/auth',
    {
      schema: {
        summary: 'Sign in; when already signed in as the same user, confirm the current password',
        tags: ['auth'],
        body: SignInBodySchema,
        response: { 201: TokensReplySchema, 200: PasswordConfirmedReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user_name, password, remember_me, recaptcha_token } = request.body;
      const caller = await readAuth(app, request);
      if (caller && caller.email === user_name) {
        await confirmPassword(app.deps, caller.userId, user_name, password, request.ip);
        return reply.code(200).send({ confirmed: true });
      }
      await requireHuman(app.deps, recaptcha_token, request.ip);
      const userId = await authenticate(app.deps, user_name, password, request.ip);
      return reply.code(201).send(await startSession(deps(), reply, userId, remember_me ?? false));
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        summary:
          'A new access token for the refresh token (session cookie, or bearer for API clients); rotates it',
        tags: ['auth'],
        response: { 200: TokensReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await hit(app.deps.database, [`refresh:ip:${request.ip}`], LIMITS.refreshIp);
      const token = presentedRefreshToken(request);
      const next = token ? await app.deps.services.refreshTokens.rotate(token) : null;
      if (!next) {
        clearSessionCookie(reply, deps().secureCookies);
        throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
      }
      return sessionReply(deps(), reply, next);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { summary: 'Sign out: ends this sign-in and clears the session cookie', tags: ['auth'] } },
    async (request, reply) => {
      const token = presentedRefreshToken(request);
      if (token) await app.deps.services.refreshTokens.revokeByToken(token);
      clearSessionCookie(reply, deps().secureCookies);
      return reply.code(204).send();
    },
  );

  app.post(
    '/user',
    {
      schema: {
        summary: 'Register',
        tags: ['user'],
        body: RegisterBodySchema,
        response: { 201: RegisterReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await hit(app.deps.database, [`register:ip:${request.ip}`], LIMITS.registerIp);
      await requireHuman(app.deps, request.body.recaptcha_token, request.ip);
      const guid = await register(app.deps, request.body);
      return reply.code(201).send({ guid, ...(await startSession(deps(), reply, guid, false)) });
    },
  );

  app.post(
    '/user/reset-password',
    {
      schema: {
        summary: 'E-mail a password-reset link',
        tags: ['user'],
        body: ResetRequestBodySchema,
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request) => {
      await requireHuman(app.deps, request.body.recaptcha_token, request.ip);
      await requestPasswordReset(app.deps, request.body.u_name, request.ip);
      return {};
    },
  );

  app.patch(
    '/user/reset-password',
    {
      schema: {
        summary: 'Set a new password with a reset token (single use, 60 minutes)',
        tags: ['user'],
        body: ResetPasswordBodySchema,
        response: { 200: TokensReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await hit(app.deps.database, [`reset:ip:${request.ip}`], LIMITS.resetIp);
      const userId = await resetPassword(app.deps, request.body.token, request.body.pw);
      return startSession(deps(), reply, userId, false);
    },
  );

  app.get(
    '/human-check/challenge',
    {
      schema: {
        summary: 'A proof-of-work challenge for the ALTCHA human check',
        tags: ['auth'],
        response: { 200: AltchaChallengeSchema, 404: ErrorReplySchema },
      },
    },
    async () => {
      const challenge = await app.deps.services.humanCheck.challenge();
      if (!challenge)
        throw new AppError('not_found', 'This installation does not use the ALTCHA human check.');
      return challenge as z.infer<typeof AltchaChallengeSchema>;
    },
  );
};
