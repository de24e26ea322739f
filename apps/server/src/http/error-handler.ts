import type { ErrorReply } from '@sitelens/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorCode } from '../errors';

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';

/**
 * The one error handler: AppError → its status and message; schema validation → 400 naming the
 * field and the reason; any other 4xx from Fastify keeps its status; everything else is a 500 whose
 * text is logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      return reply.code(status).send(errorBody(error.message, code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(GENERIC_5XX, 'internal'));
  });
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
