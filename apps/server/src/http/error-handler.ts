import type { ErrorReply } from '@sitelens/contracts';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorCode } from '../errors';
import { BODY_LIMIT } from './body-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a 413 says on a route whose `bodyLimit` is not BODY_LIMIT. */
    bodyTooLargeMessage?: string;
  }
}

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';

/** Fastify's own refusals whose text is not for a user (or echoes the input), in words a client can show. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is larger than the limit of ${BODY_LIMIT / 1024 / 1024} MiB.`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_BAD_URL: 'The address of the request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address of the request is too long.',
};

/**
 * The one error handler: AppError → its status and message; schema validation → 400 naming the
 * field and the reason; any other 4xx from Fastify keeps its status; everything else is a 500 whose
 * text is logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/**
 * The router's refusals (a malformed or overlong path) come before any route and so before the error
 * handler; by default Fastify answers them in its own format. They get the one answer too.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, request, reply) =>
  answerError(error, request, reply);

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body = errorBody(error.message, error.code);
    if (error.field) body.fields = [{ field: error.field, message: error.message }];
    return reply.code(error.status).headers(error.headers).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const fields = error.validation.map((issue) => ({
      field: fieldName(where, issue.instancePath),
      message: issue.message ?? 'is invalid',
    }));
    const first = fields[0]!;
    return reply.code(400).send({
      error: `${first.field}: ${first.message}`,
      code: 'bad_request',
      fields,
    } satisfies ErrorReply);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ??
      'bad_request') as ErrorCode;
    const message =
      (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? request.routeOptions.config?.bodyTooLargeMessage
        : undefined) ??
      FRAMEWORK_MESSAGES[error.code] ??
      error.message;
    return reply.code(status).send(errorBody(message, code));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody(GENERIC_5XX, 'internal'));
}

function errorBody(message: string, code: string): ErrorReply {
  return { error: message, code };
}

/** `body` + `/site/url` → `site.url`; query and params keep their context so the caller knows where. */
function fieldName(context: string, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (context === 'body') return path || 'body';
  return path ? `${context}.${path}` : context;
}
