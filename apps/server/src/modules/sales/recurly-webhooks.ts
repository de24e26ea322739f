import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { createRecurlyProvider, type RecurlyInvoice, recurlyOptions } from '../../providers/billing/recurly';

/** How old a signed notification may be (Recurly retries with a fresh signature). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Checks Recurly's `recurly-signature` header: a millisecond timestamp, then one or more hex
 * HMAC-SHA256 signatures of `timestamp.body` (more than one while the secret is rotated).
 */
export function verifyRecurlySignature(
  header: string | undefined,
  secret: string,
  body: string,
  now = Date.now(),
) {
  const [timestamp, ...signatures] = (header ?? '').split(',');
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return signatures.some((signature) => {
    const given = Buffer.from(signature.trim(), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

interface Notification {
  id?: string;
  object_type?: string;
  event_type?: string;
  id_of_object?: string;
  uuid?: string;
}

const INVOICE_STATUS: Record<string, 'paid' | 'failed' | 'pending'> = {
  paid: 'paid',
  failed: 'failed',
  past_due: 'pending',
  pending: 'pending',
  processing: 'pending',
};

/**
 * Applies a notification once. Invoice events re-read the invoice from Recurly, so the stored state
 * follows Recurly's current state whatever order notifications arrive in.
 */
export async function handleRecurlyNotification(
  database: Database,
  readInvoice: (id: string) => Promise<RecurlyInvoice | null>,
  notification: Notification,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const eventId = notification.id;
  if (!eventId) throw new AppError('bad_request', 'The notification has no id.');
  const invoiceId = notification.object_type?.endsWith('invoice')
    ? (notification.uuid ?? notification.id_of_object)
    : undefined;
  const invoice = invoiceId ? await readInvoice(invoiceId) : null;
  return database.transaction(async (query) => {
    const [fresh] = await query<{ event_id: string }>(
      `insert into webhook_events (provider, event_id) values ('recurly', $1) on conflict do nothing returning event_id`,
      [eventId],
    );
    if (!fresh) return 'duplicate';
    if (!invoice) return 'ignored';
    const status = INVOICE_STATUS[invoice.state];
    if (!status) return 'ignored';
    await query('update invoices set status = $2 where provider_invoice_id = $1', [invoice.id, status]);
    return 'applied';
  });
}

/** `POST /api/billing/recurly/webhooks`: its own plugin, because the signature is over the raw body. */
export const recurlyWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/billing/recurly/webhooks',
    {
      schema: {
        summary: "Recurly's notifications (signed; each applied once)",
        tags: ['sales'],
        hide: false,
      },
    },
    async (request, reply) => {
      const { config, database } = app.deps;
      if (config.BILLING_PROVIDER !== 'recurly' || !config.RECURLY_WEBHOOK_SECRET)
        throw new AppError('not_found', 'Recurly is not the payment processor of this installation.');
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['recurly-signature'];
      if (
        !verifyRecurlySignature(
          typeof signature === 'string' ? signature : undefined,
          config.RECURLY_WEBHOOK_SECRET,
          raw,
        )
      )
        throw new AppError('unauthorized', 'The notification signature is not valid.');
      let notification: Notification;
      try {
        notification = JSON.parse(raw) as Notification;
      } catch {
        throw new AppError('bad_request', 'The notification is not JSON.');
      }
      const recurly = createRecurlyProvider(recurlyOptions(config));
      const outcome = await handleRecurlyNotification(database, (id) => recurly.invoice(id), notification);
      return reply.code(200).send({ outcome });
    },
  );
};
