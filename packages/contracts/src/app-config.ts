import { z } from 'zod';
import { HumanCheckKindSchema } from './accounts';

/** `GET /api/app-config`: what the operator configured that the web app shows. Public. */
export const AppConfigReplySchema = z.object({
  version: z.string(),
  /** The sidebar's Contact link; null hides it. */
  contact_email: z.email().nullable(),
  /** Which human check the sign-in, registration, join and forgot-password forms show. */
  human_check: z.object({ kind: HumanCheckKindSchema, site_key: z.string().nullable() }),
  /** The payment processor: `sandbox` payments are not real; `none` hides plans and billing. */
  billing_provider: z.enum(['sandbox', 'recurly', 'none']),
  /** Recurly.js's public key, with `billing_provider` recurly. */
  recurly_public_key: z.string().nullable(),
});
export type AppConfigReply = z.infer<typeof AppConfigReplySchema>;
