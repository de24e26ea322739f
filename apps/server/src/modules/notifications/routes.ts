import {
  ErrorReplySchema,
  NotificationChannelInputSchema,
  NotificationChannelListReplySchema,
  NotificationChannelParamsSchema,
  NotificationChannelPatchSchema,
  NotificationChannelSchema,
  NotificationDeliveryListReplySchema,
  NotificationTestReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireAuth } from '../../http/authenticate';
import { guardedFetcherFor } from '../../platform/fetcher';
import { notifierFromConfig } from './deliveries';
import {
  addChannel,
  listChannels,
  listDeliveries,
  removeChannel,
  setChannelEnabled,
  testChannel,
} from './service';

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema };

/** The organization's outage notification channels (e-mail, signed webhook, Slack) and their deliveries. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['notifications'], security: [{ bearer: [] }] };
  const { database, config, logger, services } = app.deps;

  app.get(
    '/notifications/channels',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: "The organization's notification channels, each with its latest delivery",
        response: { 200: NotificationChannelListReplySchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { channels: await listChannels(database.query, caller), can_manage: caller.role === 'owner' };
    },
  );

  app.post(
    '/notifications/channels',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Add an e-mail address, a webhook (signed) or a Slack incoming webhook (owner only)',
        body: NotificationChannelInputSchema,
        response: { 201: NotificationChannelSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addChannel(database, callerOf(request), request.body, guardedFetcherFor(config).policy);
    },
  );

  app.patch(
    '/notifications/channels/:guid',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Turn a channel on or off (owner only)',
        params: NotificationChannelParamsSchema,
        body: NotificationChannelPatchSchema,
        response: { 200: NotificationChannelSchema, ...errors },
      },
    },
    async (request) =>
      setChannelEnabled(database.query, callerOf(request), request.params.guid, request.body.enabled),
  );

  app.delete(
    '/notifications/channels/:guid',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary: 'Remove a channel and its deliveries (owner only)',
        params: NotificationChannelParamsSchema,
        response: { 200: z.object({ removed: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await removeChannel(database.query, callerOf(request), request.params.guid);
      return { removed: true as const };
    },
  );

  app.post(
    '/notifications/channels/:guid/test',
    {
      preHandler: requireAuth,
      config: { outgoing: 'notificationTest' },
      schema: {
        ...schema,
        summary: 'Send a test notification to a channel now (owner only)',
        params: NotificationChannelParamsSchema,
        response: { 200: NotificationTestReplySchema, ...errors },
      },
    },
    async (request) => ({
      delivery: await testChannel(
        notifierFromConfig(database, config, logger, services.mailer),
        callerOf(request),
        request.params.guid,
      ),
    }),
  );

  app.get(
    '/notifications/deliveries',
    {
      preHandler: requireAuth,
      schema: {
        ...schema,
        summary:
          "The organization's latest 50 notifications: sent, waiting for a retry (with the error) or failed",
        response: { 200: NotificationDeliveryListReplySchema, ...errors },
      },
    },
    async (request) => ({ deliveries: await listDeliveries(database.query, callerOf(request)) }),
  );
};
