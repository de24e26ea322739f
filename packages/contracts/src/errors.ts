import { z } from 'zod';

/** The body of every error answer: `error` is the text a client shows as is. */
export const ErrorReplySchema = z.object({
  error: z.string(),
  code: z.string(),
  /** Present on 400, and on a 403 or 409 about one field (a plan limit, a duplicate): which field and why. */
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;
