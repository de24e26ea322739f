import {
  BillingInfoBodySchema,
  BillingInfoSchema,
  CancellationBodySchema,
  CancelSubscriptionBodySchema,
  CreateSubscriptionBodySchema,
  ErrorReplySchema,
  InvoiceSchema,
  PaymentMethodBodySchema,
  PlansReplySchema,
  SALES_MESSAGES,
  SandboxCardBodySchema,
  SandboxPaypalBodySchema,
  SandboxThreeDSecureBodySchema,
  SandboxTokenReplySchema,
  SubscriptionSchema,
  ThreeDSecureReplySchema,
  UpdateSubscriptionBodySchema,
} from '@sitelens/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { callerOf, requireAuth } from '../../http/authenticate';
import { completeThreeDSecure, createCardToken, createPaypalToken } from '../../providers/billing/sandbox';
import { getBillingInfo, invoicePdf, listInvoices, updateBillingInfo, updatePaymentMethod } from './billing';
import { listPlans } from './catalogue';
import {
  cancelSubscription,
  createSubscription,
  getSubscription,
  type SalesDeps,
  saveCancellationReason,
  updateSubscription,
} from './subscriptions';

const errors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  402: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
  409: ErrorReplySchema,
};

/** The sales service of the spec: plans, subscription, billing info, invoices. */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const tags = ['sales'];
  const deps = (): SalesDeps => ({
    database: app.deps.database,
    config: app.deps.config,
    billing: app.deps.services.billing,
    planLimits: app.deps.services.planLimits,
  });

  app.get(
    '/plans',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Plans on sale, monthly and yearly',
        tags,
        security,
        response: { 200: PlansReplySchema, ...errors },
      },
    },
    async () => listPlans(app.deps.database.query),
  );

  app.get(
    '/subscription',
    {
      preHandler: requireAuth,
      schema: {
        summary: "Your team's subscription; {} until a plan is chosen",
        tags,
        security,
        response: { 200: SubscriptionSchema, ...errors },
      },
    },
    async (request) => getSubscription(deps(), callerOf(request)),
  );

  app.post(
    '/subscription',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          'Subscribe: a free trial the first time; 200 with action_token_id when the bank asks for 3-D Secure',
        tags,
        security,
        body: CreateSubscriptionBodySchema,
        response: { 200: ThreeDSecureReplySchema, 201: SubscriptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await createSubscription(deps(), callerOf(request), request.body);
      if ('three_d_secure' in result) return reply.code(200).send(result);
      return reply.code(201).send(result.created);
    },
  );

  app.patch(
    '/subscription',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Change plan (owner)',
        tags,
        security,
        body: UpdateSubscriptionBodySchema,
        response: { 200: SubscriptionSchema, ...errors },
      },
    },
    async (request) => updateSubscription(deps(), callerOf(request), request.body.plan_code),
  );

  app.delete(
    '/subscription',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Cancel (owner): stays active until the period ends',
        tags,
        security,
        body: CancelSubscriptionBodySchema,
        response: { 200: SubscriptionSchema, ...errors },
      },
    },
    async (request) => cancelSubscription(deps(), callerOf(request), request.body),
  );

  app.post(
    '/subscription/reason',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Tell us why you are leaving (owner)',
        tags,
        security,
        body: CancellationBodySchema,
        response: { 201: z.object({ saved: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await saveCancellationReason(app.deps.database.query, callerOf(request), request.body);
      return reply.code(201).send({ saved: true as const });
    },
  );

  app.get(
    '/billing_info',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Billing details (owner)',
        tags,
        security,
        response: { 200: BillingInfoSchema, ...errors },
      },
    },
    async (request) => getBillingInfo(deps(), callerOf(request)),
  );

  app.post(
    '/billing_info',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Update billing details (owner)',
        tags,
        security,
        body: BillingInfoBodySchema,
        response: { 200: BillingInfoSchema, ...errors },
      },
    },
    async (request) => updateBillingInfo(deps(), callerOf(request), request.body),
  );

  app.post(
    '/billing_info/payment_method',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          'Replace the payment method (owner); 200 with action_token_id when the bank asks for 3-D Secure',
        tags,
        security,
        body: PaymentMethodBodySchema,
        response: { 200: z.union([ThreeDSecureReplySchema, BillingInfoSchema]), ...errors },
      },
    },
    async (request) => {
      const result = await updatePaymentMethod(deps(), callerOf(request), request.body);
      return 'three_d_secure' in result ? result : result.updated;
    },
  );

  app.get(
    '/invoices',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Your invoices, newest first (owner)',
        tags,
        security,
        response: { 200: z.array(InvoiceSchema), ...errors },
      },
    },
    async (request) => listInvoices(deps(), callerOf(request)),
  );

  app.get(
    '/invoices/pdf/:invoiceNumber',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'An invoice as a PDF (owner)',
        tags,
        security,
        params: z.object({ invoiceNumber: z.string().regex(/^\d{1,12}$/) }),
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdf(deps(), callerOf(request), request.params.invoiceNumber);
      return (
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="sitelens-invoice-${request.params.invoiceNumber}.pdf"`,
          )
          // A Buffer goes out as is; the response schemas only describe JSON answers.
          .send(pdf as never)
      );
    },
  );

  // The sandbox processor's own endpoints: what a processor's client library and bank pages do.
  const sandboxOnly = async () => {
    if (app.deps.services.billing.kind !== 'sandbox')
      throw new AppError('not_found', SALES_MESSAGES.billingDisabled);
  };
  const sandboxTags = ['sales: sandbox processor'];

  app.post(
    '/billing/sandbox/tokens',
    {
      preHandler: [requireAuth, sandboxOnly],
      schema: {
        summary: 'Tokenize a test card (sandbox); keeps only its brand and last four digits',
        tags: sandboxTags,
        security,
        body: SandboxCardBodySchema,
        response: { 201: SandboxTokenReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCardToken(app.deps.database, callerOf(request).userId, request.body)),
  );

  app.post(
    '/billing/sandbox/paypal',
    {
      preHandler: [requireAuth, sandboxOnly],
      schema: {
        summary: 'Approve or refuse a PayPal billing agreement (sandbox)',
        tags: sandboxTags,
        security,
        body: SandboxPaypalBodySchema,
        response: { 201: SandboxTokenReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.body.approve) throw new AppError('payment_required', 'The PayPal approval was canceled.');
      return reply.code(201).send(await createPaypalToken(app.deps.database, callerOf(request).userId));
    },
  );

  app.post(
    '/billing/sandbox/three-d-secure',
    {
      preHandler: [requireAuth, sandboxOnly],
      schema: {
        summary: "Answer the bank's 3-D Secure challenge (sandbox); approval yields the result token",
        tags: sandboxTags,
        security,
        body: SandboxThreeDSecureBodySchema,
        response: { 201: SandboxTokenReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await completeThreeDSecure(
            app.deps.database,
            callerOf(request).userId,
            request.body.action_token_id,
            request.body.approve,
          ),
        ),
  );
};
