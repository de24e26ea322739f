import {
  ErrorReplySchema,
  NotificationChannelInputSchema,
  NotificationChannelListReplySchema,
  NotificationChannelParamsSchema,
  NotificationChannelPatchSchema,
  NotificationChannelSchema,
  NotificationConfirmBodySchema,
  NotificationConfirmReplySchema,
  NotificationDeliveryListReplySchema,
  NotificationTestReplySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireAuth } from '../../http/authenticate';
import { guardedFetcherFor } from '../../platform/fetcher';
import { confirmChannel } from './confirmation';
import { notifierFromConfig } from './deliveries';
import {
  addChannel,
  listChannels,
  listDeliveries,
  removeChannel,
  resendConfirmation,
  setChannelEnabled,
  testChannel,
} from './service';

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema };

/** The organization's outage notification channels (e-mail, signed webhook, Slack) and their deliveries. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['notifications'], security: [{ bearer: [] }] };
  const { database, config, logger, services } = app.deps;
  // The address policy deliveries are held to, read from the settings once.
  const addressPolicy = guardedFetcherFor(config).policy;
  const confirmationMailer = { mailer: services.mailer, publicUrl: config.PUBLIC_URL };

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
        summary:
          'Add an e-mail address (mailed a link to confirm it first), a webhook (signed) or a Slack incoming webhook (owner only)',
        body: NotificationChannelInputSchema,
        response: { 201: NotificationChannelSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addChannel(database, confirmationMailer, callerOf(request), request.body, addressPolicy);
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
        summary:
          'Send a test notification to a channel now (owner only); 409 for an e-mail address not yet confirmed',
        params: NotificationChannelParamsSchema,
        response: { 200: NotificationTestReplySchema, ...errors, 409: ErrorReplySchema },
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

  app.post(
    '/notifications/channels/:guid/confirmation',
    {
      preHandler: requireAuth,
      config: { outgoing: 'notificationTest' },
      schema: {
        ...schema,
        summary:
          'Mail an e-mail channel not yet confirmed a new confirmation link; the previous one stops working (owner only)',
        params: NotificationChannelParamsSchema,
        response: { 200: NotificationChannelSchema, ...errors, 409: ErrorReplySchema },
      },
    },
    async (request) =>
      resendConfirmation(database.query, confirmationMailer, callerOf(request), request.params.guid),
  );

  // Public: whoever reads the mail may have no account. The token is the key, and works once.
  app.post(
    '/notifications/confirm',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Confirm an e-mail channel with the token of the link mailed to it (no session); 410 once used, replaced or expired',
        body: NotificationConfirmBodySchema,
        response: { 200: NotificationConfirmReplySchema, 400: ErrorReplySchema, 410: ErrorReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmChannel(database.query, request.body.token);
    },
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
