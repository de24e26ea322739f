import { z } from 'zod';

/** `GET /api/app-config`: what the operator configured that the web app shows. Public. */
export const AppConfigReplySchema = z.object({
  version: z.string(),
  /** The sidebar's Contact link; null hides it. */
  contact_email: z.email().nullable(),
});
export type AppConfigReply = z.infer<typeof AppConfigReplySchema>;
