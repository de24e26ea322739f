import { z } from 'zod';

/** The body of every error answer: `error` is the text a client shows as is. */
export const ErrorReplySchema = z.object({
  error: z.string(),
  code: z.string(),
  /** Present on 400: which field failed and why. */
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;
