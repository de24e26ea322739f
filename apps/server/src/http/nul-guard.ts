import type { ErrorReply } from '@sitelens/contracts';
import type { FastifyInstance } from 'fastify';

/** The first place in a parsed value holding a NUL character, as `a.b.0`; null when there is none. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulPath(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text, and no real input holds one: refuse it at the
 * edge with the field, before a query fails on it with a 500.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = nulPath(value);
      if (found === null) continue;
      const field = where === 'body' ? found || 'body' : found ? `${where}.${found}` : where;
      return reply.code(400).send({
        error: `${field}: must not contain a NUL character`,
        code: 'bad_request',
      } satisfies ErrorReply);
    }
  });
}
