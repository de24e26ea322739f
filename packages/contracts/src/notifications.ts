import { z } from 'zod';
import { EmailSchema } from './accounts';

/** Where outage notifications go: an e-mail address, a signed webhook, a Slack incoming webhook. */
export const NotificationChannelKindSchema = z.enum(['email', 'webhook', 'slack']);
export type NotificationChannelKind = z.infer<typeof NotificationChannelKindSchema>;

/** Channels an organization may have. */
export const MAX_NOTIFICATION_CHANNELS = 10;

/** How long the link that confirms an e-mail channel works (once). */
export const NOTIFICATION_CONFIRM_DAYS = 7;

export const NOTIFICATION_MESSAGES = {
  invalidUrl: 'Enter an http or https address',
  slackUrl: 'Enter a Slack incoming webhook address: https://hooks.slack.com/…',
  tooMany: `An organization can have up to ${MAX_NOTIFICATION_CHANNELS} notification channels.`,
  unknownChannel: 'Unknown notification channel',
  confirmFirst: 'Confirm this address first: we sent a link to it.',
  alreadyConfirmed: 'This address is already confirmed.',
  confirmLinkGone: `This confirmation link is no longer valid: it was used already, replaced by a newer one, or is older than ${NOTIFICATION_CONFIRM_DAYS} days. Ask the team owner to send a new one.`,
} as const;

/** The headers a webhook delivery carries; the signature is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sitelens-signature';
export const WEBHOOK_DELIVERY_HEADER = 'x-sitelens-delivery';

const WebhookUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: NOTIFICATION_MESSAGES.invalidUrl })
  .pipe(z.url({ protocol: /^https?$/, error: NOTIFICATION_MESSAGES.invalidUrl }));

/** Where Slack's incoming webhooks live: a Slack channel posts nowhere else. */
export const SLACK_WEBHOOK_PREFIX = 'https://hooks.slack.com/';

const SlackUrlSchema = WebhookUrlSchema.refine((url) => url.startsWith(SLACK_WEBHOOK_PREFIX), {
  error: NOTIFICATION_MESSAGES.slackUrl,
});

export const NotificationChannelInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), target: EmailSchema }),
  z.object({ kind: z.literal('webhook'), target: WebhookUrlSchema }),
  z.object({ kind: z.literal('slack'), target: SlackUrlSchema }),
]);
export type NotificationChannelInput = z.infer<typeof NotificationChannelInputSchema>;

export const NotificationChannelPatchSchema = z.object({ enabled: z.boolean() });
export const NotificationChannelParamsSchema = z.object({
  guid: z.uuid({ error: NOTIFICATION_MESSAGES.unknownChannel }),
});

export const NotificationDeliveryStatusSchema = z.enum(['pending', 'sent', 'failed']);
export const NotificationEventSchema = z.enum(['outage_opened', 'outage_closed', 'test']);

export const NotificationDeliverySchema = z.object({
  guid: z.uuid(),
  channel_guid: z.uuid(),
  event: NotificationEventSchema,
  /** The website's domain (null for a test). */
  domain: z.string().nullable(),
  status: NotificationDeliveryStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** ISO times. */
  occurred_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

export const NotificationChannelSchema = z.object({
  guid: z.uuid(),
  kind: NotificationChannelKindSchema,
  target: z.string(),
  /** The webhook's signing key, shown to whoever manages the channels; null for e-mail and Slack. */
  secret: z.string().nullable(),
  enabled: z.boolean(),
  /**
   * Whether outage notifications and test sends may go to the channel: an e-mail address once the
   * link mailed to it was followed; a webhook or Slack address from the start.
   */
  confirmed: z.boolean(),
  c_at: z.string(),
  last_delivery: NotificationDeliverySchema.nullable(),
});
export type NotificationChannel = z.infer<typeof NotificationChannelSchema>;

/** `POST /api/notifications/confirm`: the token of the link mailed to a new e-mail channel. */
export const NotificationConfirmBodySchema = z.object({
  token: z
    .string({ error: NOTIFICATION_MESSAGES.confirmLinkGone })
    .min(1, { error: NOTIFICATION_MESSAGES.confirmLinkGone })
    .max(200, { error: NOTIFICATION_MESSAGES.confirmLinkGone }),
});
/** The address that now receives the team's outage notifications. */
export const NotificationConfirmReplySchema = z.object({ target: z.string(), team: z.string() });
export type NotificationConfirmReply = z.infer<typeof NotificationConfirmReplySchema>;

export const NotificationChannelListReplySchema = z.object({
  channels: z.array(NotificationChannelSchema),
  /** Whether the caller may add, change, test and remove channels (the team's owner). */
  can_manage: z.boolean(),
});
export type NotificationChannelListReply = z.infer<typeof NotificationChannelListReplySchema>;
export const NotificationDeliveryListReplySchema = z.object({
  deliveries: z.array(NotificationDeliverySchema),
});

/** What a test send did: delivered, or the target's error. */
export const NotificationTestReplySchema = z.object({ delivery: NotificationDeliverySchema });

/** The JSON body of a webhook delivery (Slack gets `{text}`). */
export const NotificationPayloadSchema = z.object({
  id: z.uuid(),
  event: NotificationEventSchema,
  occurred_at: z.string(),
  website: z.object({ guid: z.uuid(), domain: z.string(), url: z.string() }).nullable(),
  outage: z
    .object({
      guid: z.uuid(),
      scope: z.enum(['regional', 'global']),
      regions: z.array(z.string()),
      checks: z.array(z.enum(['ping', 'http', 'page_load'])),
      started_at: z.string(),
      ended_at: z.string().nullable(),
    })
    .nullable(),
  text: z.string(),
});
export type NotificationPayload = z.infer<typeof NotificationPayloadSchema>;
