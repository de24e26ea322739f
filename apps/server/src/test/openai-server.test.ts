import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeOpenAi, type FakeOpenAiOptions, startOpenAiServer, valueForSchema } from './openai-server';

// biome-ignore lint/suspicious/noExplicitAny: test helpers read loosely-typed JSON envelopes
type Json = any;

// A copy of the contract's ContentEffectivenessSchema, so the fixture is tested on a real shape.
const Effectiveness = z.object({
  summary: z.string(),
  analysis: z.array(
    z.object({
      question: z.string(),
      findings: z.array(z.object({ type: z.enum(['STRENGTH', 'WARNING', 'WEAKNESS']), content: z.string() })),
      score: z.number().min(0).max(10),
    }),
  ),
  content_opportunities: z.array(z.object({ title: z.string(), description: z.string() })),
});
const effectivenessFormat = {
  type: 'json_schema',
  json_schema: { name: 'content_effectiveness', schema: z.toJSONSchema(Effectiveness), strict: true },
};
const USER = {
  role: 'user',
  content: 'Analyse the content of https://www.acme-coffee.com for its effectiveness.',
};

let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  fake = await startOpenAiServer(options);
  return fake;
}

async function chat(
  server: FakeOpenAi,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const ask = (server: FakeOpenAi, extra: Record<string, unknown> = {}) =>
  chat(server, { model: 'fixture-model', messages: [USER], ...extra });

describe('fake OpenAI server', () => {
  it('answers 401 with the invalid_api_key envelope to a missing or wrong bearer key', async () => {
    const server = await start({ apiKey: 'sk-test-key' });
    for (const headers of [{}, { authorization: 'Bearer wrong' }] as Record<string, string>[]) {
      const { status, body } = await chat(server, { model: 'fixture-model', messages: [USER] }, headers);
      expect(status).toBe(401);
      expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key' });
    }
    const ok = await chat(
      server,
      { model: 'fixture-model', messages: [USER] },
      { authorization: 'Bearer sk-test-key' },
    );
    expect(ok.status).toBe(200);
    const models = await fetch(`${server.url}/models`, { headers: { authorization: 'Bearer sk-test-key' } });
    expect(((await models.json()) as Json).data.map((m: Json) => m.id)).toEqual(['fixture-model']);
  });

  it('answers 404 model_not_found to an unknown model and 400 to a bad body', async () => {
    const server = await start({ models: ['small', 'large'] });
    const unknown = await chat(server, { model: 'gpt-9', messages: [USER] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ type: 'invalid_request_error', code: 'model_not_found' });
    expect((await chat(server, '{not json')).status).toBe(400);
    const missing = await chat(server, { model: 'small' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe('messages');
    expect(
      (await chat(server, { model: 'small', messages: [{ role: 'wizard', content: 'hi' }] })).status,
    ).toBe(400);
    expect((await chat(server, { model: 'large', messages: [USER] })).status).toBe(200);
  });

  it('answers a json_schema request with JSON valid for the schema, built from it', async () => {
    const server = await start();
    const { status, body } = await ask(server, { response_format: effectivenessFormat, temperature: 0 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'chat.completion', model: 'fixture-model' });
    expect(body.choices[0].finish_reason).toBe('stop');
    const value = Effectiveness.parse(JSON.parse(body.choices[0].message.content));
    expect(value.summary).toBe('Fixture summary 1 for acme-coffee.com');
    expect(value.analysis.length).toBeGreaterThanOrEqual(2);
    expect(value.analysis.length).toBeLessThanOrEqual(3);
    expect(value.analysis[0]!.score).toBe(7);
    expect(new Set(value.analysis.flatMap((a) => a.findings.map((f) => f.type)))).toEqual(
      new Set(['STRENGTH', 'WARNING', 'WEAKNESS']),
    );
    // Deterministic: the same request gets the same answer.
    const again = await ask(server, { response_format: effectivenessFormat });
    expect(again.body.choices[0].message.content).toBe(body.choices[0].message.content);
    expect(server.requests[0]).toMatchObject({
      model: 'fixture-model',
      responseFormat: 'json_schema',
      schemaName: 'content_effectiveness',
      status: 200,
    });
  });

  it('generates values for bounds, nullable types, refs, anyOf and item counts', () => {
    const Shape = z.object({
      score: z.number().min(0).max(100),
      count: z.number().int(),
      note: z.string().nullable(),
      either: z.union([z.null(), z.boolean()]),
      tags: z.array(z.string()).min(1).max(2),
      many: z.array(z.number()).min(5),
      kind: z.literal('page'),
      short: z.string().max(5),
    });
    const value = valueForSchema(z.toJSONSchema(Shape)) as Json;
    expect(Shape.parse(value)).toEqual(value);
    expect(value.score).toBe(72);
    expect(value.tags).toHaveLength(2);
    expect(value.many).toHaveLength(5);
    const withRefs = {
      type: 'object',
      properties: { item: { $ref: '#/$defs/Item' } },
      required: ['item'],
      $defs: { Item: { type: 'object', properties: { rank: { type: 'integer', minimum: 1, maximum: 11 } } } },
    };
    expect(valueForSchema(withRefs)).toEqual({ item: { rank: 8 } });
    const merged = {
      allOf: [
        { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] },
        { properties: { b: { type: 'null' } }, required: ['b'] },
      ],
    };
    expect(valueForSchema(merged)).toEqual({ a: true, b: null });
  });

  it('refuses json_schema without structured outputs, and answers json_object from the prompted schema', async () => {
    const server = await start({ jsonSchema: false });
    const refused = await ask(server, { response_format: effectivenessFormat });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('response_format');

    const prompt = [
      'Analyse https://acme-coffee.com and answer in JSON.',
      'JSON schema:',
      '```json',
      JSON.stringify(z.toJSONSchema(Effectiveness), null, 2),
      '```',
    ].join('\n');
    const { status, body } = await chat(server, {
      model: 'fixture-model',
      messages: [{ role: 'user', content: prompt }],
      response_format: { type: 'json_object' },
    });
    expect(status).toBe(200);
    expect(Effectiveness.parse(JSON.parse(body.choices[0].message.content)).summary).toContain(
      'acme-coffee.com',
    );

    const noSchema = await ask(server, { response_format: { type: 'json_object' } });
    expect(JSON.parse(noSchema.body.choices[0].message.content)).toEqual({});
  });

  it('answers named schemas from `answers` instead of generating', async () => {
    const server = await start({
      answers: { content_effectiveness: () => ({ summary: 'Given', analysis: [] }) },
    });
    const { body } = await ask(server, { response_format: effectivenessFormat });
    expect(JSON.parse(body.choices[0].message.content)).toEqual({ summary: 'Given', analysis: [] });
  });

  it('rotates the cited domains over repeated plain-text answers to the same question', async () => {
    const server = await start({ citedDomains: ['a.com', 'b.org', 'c.net', 'd.io'] });
    const question = {
      model: 'fixture-model',
      messages: [{ role: 'user', content: 'Best coffee roasters?' }],
    };
    const first = (await chat(server, question)).body.choices[0].message.content as string;
    const second = (await chat(server, question)).body.choices[0].message.content as string;
    expect(first).toMatch(/\[A guide\]\(https:\/\/a\.com\/guides\/best-coffee-roasters\)/);
    expect(first).toContain('https://www.b.org/page');
    expect(first).toMatch(/ c\.net /);
    expect(first).not.toContain('d.io');
    expect(second).toMatch(/\]\(https:\/\/b\.org\//);
    expect(second).toContain('https://www.c.net/page');
    expect(second).toContain(' d.io ');
    const sentences = first.split(/(?<=\.)\s+(?=[A-Z])/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(6);
    // Another question starts its own count.
    const other = await chat(server, {
      ...question,
      messages: [{ role: 'user', content: 'Best tea shops?' }],
    });
    expect(other.body.choices[0].message.content).toContain('](https://a.com/');
  });

  it('counts usage as a quarter of the characters, rounded up', async () => {
    const server = await start();
    const messages = [
      { role: 'system', content: 'abcde' },
      { role: 'user', content: [{ type: 'text', text: 'fghij' }] },
    ];
    const { body } = await chat(server, { model: 'fixture-model', messages });
    const answer = body.choices[0].message.content as string;
    expect(body.usage).toEqual({
      prompt_tokens: 3,
      completion_tokens: Math.ceil(answer.length / 4),
      total_tokens: 3 + Math.ceil(answer.length / 4),
    });
  });

  it('gives invalid structured answers on demand: JSON that breaks the schema, then not JSON', async () => {
    const server = await start();
    server.invalidAnswers(2);
    const first = (await ask(server, { response_format: effectivenessFormat })).body.choices[0].message
      .content;
    const parsed = JSON.parse(first);
    expect(parsed.summary).toBeUndefined();
    expect(typeof parsed.analysis[0].score).toBe('string');
    expect(Effectiveness.safeParse(parsed).success).toBe(false);
    const second = (await ask(server, { response_format: effectivenessFormat })).body.choices[0].message
      .content;
    expect(() => JSON.parse(second)).toThrow();
    const third = (await ask(server, { response_format: effectivenessFormat })).body.choices[0].message
      .content;
    expect(Effectiveness.safeParse(JSON.parse(third)).success).toBe(true);
  });

  it('fails the next requests with 500 or 503 on demand', async () => {
    const server = await start();
    server.failNext(1);
    server.failNext(1, 503);
    const a = await ask(server);
    const b = await ask(server);
    expect([a.status, b.status]).toEqual([500, 503]);
    expect(a.body.error.type).toBe('server_error');
    expect((await ask(server)).status).toBe(200);
    expect(server.requests.map((r) => r.status)).toEqual([500, 503, 200]);
  });

  it('answers 429 with Retry-After above the rate limit', async () => {
    const server = await start({ rateLimit: { requests: 2, windowMs: 1500 } });
    expect((await ask(server)).status).toBe(200);
    expect((await ask(server)).status).toBe(200);
    const limited = await ask(server);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limit_exceeded');
    expect(limited.headers.get('retry-after')).toBe('2');
    server.setRateLimit(null);
    expect((await ask(server)).status).toBe(200);
  });

  it('delays answers by latencyMs and leaves hung requests unanswered', async () => {
    const server = await start({ latencyMs: 150 });
    const startedAt = performance.now();
    await ask(server);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(140);

    server.setLatency(0);
    server.hang(1);
    const hung = ask(server, {}).catch((error: Error) => error);
    const outcome = await Promise.race([
      hung,
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    expect(outcome).toBe('waiting');
    expect(server.requests.at(-1)!.status).toBeNull();
    expect((await ask(server)).status).toBe(200);
    await server.close();
    expect(await hung).toBeInstanceOf(Error);
    fake = undefined;
  });
});
