import {
  CancelInviteBodySchema,
  ErrorReplySchema,
  InvitationSchema,
  InviteBodySchema,
  JoinTeamBodySchema,
  OrganizationNameBodySchema,
  OrganizationSchema,
  RegisterReplySchema,
  RemoveMemberBodySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireAuth } from '../../http/authenticate';
import { requireHuman } from '../auth/service';
import { startSession } from '../auth/session';
import {
  cancelInvitation,
  createOrganization,
  getOrganization,
  invite,
  joinTeam,
  removeMember,
  renameOrganization,
} from './service';

const errors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
  409: ErrorReplySchema,
  410: ErrorReplySchema,
  429: ErrorReplySchema,
};

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['organization'];

  app.get(
    '/organization',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Your team: its name and owner; its members and pending invitations for the owner',
        tags,
        security,
        response: { 200: OrganizationSchema, ...errors },
      },
    },
    async (request) => getOrganization(app.deps, callerOf(request)),
  );

  app.post(
    '/organization',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Create your organization (after a first subscription)',
        tags,
        security,
        body: OrganizationNameBodySchema,
        response: { 201: OrganizationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrganization(app.deps, callerOf(request), request.body.name)),
  );

  app.patch(
    '/organization',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Rename your team (owner)',
        tags,
        security,
        body: OrganizationNameBodySchema,
        response: { 200: z.object({ name: z.string() }), ...errors },
      },
    },
    async (request) => renameOrganization(app.deps.database, callerOf(request), request.body.name),
  );

  app.post(
    '/organization/invite',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Invite someone by e-mail (owner)',
        tags,
        security,
        body: InviteBodySchema,
        response: { 201: InvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invite(app.deps, callerOf(request), request.body.email)),
  );

  app.delete(
    '/organization/invite',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Cancel a pending invitation (owner)',
        tags,
        security,
        body: CancelInviteBodySchema,
        response: { 200: InvitationSchema, ...errors },
      },
    },
    async (request) => cancelInvitation(app.deps.database, callerOf(request), request.body.token),
  );

  app.post(
    '/organization/member',
    {
      schema: {
        summary: 'Register through an invitation and join the team',
        tags,
        body: JoinTeamBodySchema,
        response: { 201: RegisterReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireHuman(app.deps, request.body.recaptcha_token, request.ip);
      const guid = await joinTeam(app.deps, request.body, request.ip);
      const session = await startSession(
        { ...app.deps, secureCookies: app.deps.config.PUBLIC_URL.startsWith('https:') },
        reply,
        guid,
        false,
      );
      return reply.code(201).send({ guid, ...session });
    },
  );

  app.delete(
    '/organization/member',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Remove a member from your team (owner)',
        tags,
        security,
        body: RemoveMemberBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(app.deps, callerOf(request), request.body.email);
      return reply.code(204).send(null);
    },
  );
};
