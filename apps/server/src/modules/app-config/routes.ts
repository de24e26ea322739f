import { AppConfigReplySchema } from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERSION } from '../../version';

export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app-config',
    {
      schema: {
        summary: 'What the operator configured that the web app shows',
        tags: ['system'],
        response: { 200: AppConfigReplySchema },
      },
    },
    async () => ({
      version: VERSION,
      contact_email: app.deps.config.CONTACT_EMAIL ?? null,
      human_check: {
        kind: app.deps.services.humanCheck.kind,
        site_key: app.deps.services.humanCheck.siteKey,
      },
      billing_provider: app.deps.services.billing.kind,
      recurly_public_key:
        app.deps.services.billing.kind === 'recurly' ? (app.deps.config.RECURLY_PUBLIC_KEY ?? null) : null,
    }),
  );
};
