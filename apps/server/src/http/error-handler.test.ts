import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { registerErrorHandling } from './error-handler';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.post(
    '/things',
    { schema: { body: z.object({ name: z.string().min(1), site: z.object({ url: z.url() }) }) } },
    async () => ({ ok: true }),
  );
  app.get('/things/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async () => {
    throw new AppError('not_found', 'This thing does not exist.');
  });
  app.get('/crash', async () => {
    throw new Error('connection to 10.0.0.5 refused: password authentication failed for "admin"');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers an AppError with its status and its message', async () => {
    const res = await app.inject({ url: '/things/6f1c1f7e-2a8b-4c3e-9f57-8d2f7f1b2c3d' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'This thing does not exist.', code: 'not_found' });
  });

  it('answers a bad body with 400 naming the field and the reason', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x', site: { url: 'nope' } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('bad_request');
    expect(body.fields).toEqual([{ field: 'site.url', message: expect.stringMatching(/url/i) }]);
    expect(body.error).toMatch(/^site\.url: /);
  });

  it('names the params context for a bad path parameter', async () => {
    const res = await app.inject({ url: '/things/not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('params.id');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('never leaks the text of an unexpected error', async () => {
    const res = await app.inject({ url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'internal',
    });
    expect(res.body).not.toContain('10.0.0.5');
  });
});
