import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changesShape, responseSerializerCompiler } from './serializer';

async function appAnswering(schema: z.ZodType, answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => answer as never);
  await app.ready();
  return app;
}

const Row = z.object({ guid: z.uuid(), score: z.number().int() });

describe('response serializer', () => {
  it('answers only the fields of the schema', async () => {
    const row = { guid: '0b0e7f6c-8d0c-4a77-9d37-0d5c1ea3a001', score: 7, password_hash: 'secret' };
    const app = await appAnswering(z.array(Row), [row]);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[{"guid":"0b0e7f6c-8d0c-4a77-9d37-0d5c1ea3a001","score":7}]');
  });

  it('refuses to send an answer that does not fit its schema (500, nothing of it sent)', async () => {
    const app = await appAnswering(z.array(Row), [{ guid: 'not-a-uuid', score: 7 }]);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not-a-uuid');
  });

  it('still encodes a schema with a codec: a Date goes out as its ISO text', async () => {
    const Stamp = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const app = await appAnswering(z.object({ at: Stamp }), { at: new Date('2026-11-25T02:30:00.000Z') });
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-11-25T02:30:00.000Z' });
  });
});

describe('changesShape', () => {
  it('finds a transform or a pipe at any depth, and not where there is none', () => {
    expect(changesShape(z.array(Row))).toBe(false);
    expect(
      changesShape(z.object({ a: z.string().nullable().optional(), b: z.record(z.string(), Row) })),
    ).toBe(false);
    expect(changesShape(z.object({ rows: z.array(z.object({ n: z.string().transform(Number) })) }))).toBe(
      true,
    );
    expect(changesShape(z.union([z.null(), z.object({ e: z.string().pipe(z.email()) })]))).toBe(true);
    expect(changesShape(z.preprocess((v) => v, z.string()))).toBe(true);
  });

  it('ends on a recursive schema', () => {
    interface Node {
      children: Node[];
    }
    const Tree: z.ZodType<Node> = z.lazy(() => z.object({ children: z.array(Tree) }));
    expect(changesShape(Tree)).toBe(false);
  });
});
