import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { organizationOf, type TestApp, trialApp } from '../../test/app';
import { type FakeOpenAi, startOpenAiServer } from '../../test/openai-server';
import { createLlmFromConfig } from './index';
import { LlmError } from './llm-provider';
import { createLlm, JSON_ATTEMPTS } from './metered';
import { createOpenAiCompatible, type OpenAiCompatibleOptions } from './openai-compatible';

// The language model adapter and its token accounting, against a local OpenAI-compatible server.

const logger = pino({ level: 'silent' });
const Verdict = z.object({
  summary: z.string(),
  score: z.number().min(0).max(10),
  findings: z.array(z.object({ type: z.enum(['STRENGTH', 'WARNING', 'WEAKNESS']), content: z.string() })),
});

let t: TestApp;
let organizationId: string;
let server: FakeOpenAi;
const servers: FakeOpenAi[] = [];

beforeAll(async () => {
  const made = await trialApp();
  t = made.t;
  organizationId = await organizationOf(t.database, made.account);
  server = await startOpenAiServer({ apiKey: 'sk-test' });
});
afterAll(async () => {
  await server.close();
  await t.close();
});
afterEach(async () => {
  server.setRateLimit(null);
  server.setLatency(0);
  for (const extra of servers.splice(0)) await extra.close();
  await t.database.query('delete from llm_calls');
});

const engineFor = (fake: FakeOpenAi, options: Partial<OpenAiCompatibleOptions> = {}) =>
  createOpenAiCompatible({
    name: 'Fixture',
    baseUrl: fake.url,
    model: 'fixture-model',
    apiKey: 'sk-test',
    structuredOutput: 'json_schema',
    timeoutMs: 5_000,
    maxRetryWaitMs: 50,
    logger,
    ...options,
  });

const llmWith = (engine = engineFor(server), monthlyTokenCap: number | null = null) =>
  createLlm({
    database: t.database,
    logger,
    engine,
    visibilityEngines: [engine],
    samples: 3,
    monthlyTokenCap,
  });

const question = { purpose: 'test.verdict', schemaName: 'verdict', schema: Verdict, maxTokens: 200 };
const ask = (llm = llmWith(), text = 'Judge example.com') =>
  llm.askJson(organizationId, { ...question, messages: [{ role: 'user', content: text }] });

const ledger = () =>
  t.database.query<{ status: string; tokens: number; prompt_tokens: number; completion_tokens: number }>(
    'select status, tokens, prompt_tokens, completion_tokens from llm_calls order by created_at',
  );

describe('structured answers', () => {
  it('asks with the JSON schema, validates the answer and records the tokens the endpoint reports', async () => {
    const before = server.requests.length;
    const verdict = await ask();
    expect(Verdict.parse(verdict)).toEqual(verdict);
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ responseFormat: 'json_schema', schemaName: 'verdict', status: 200 });
    const [call] = await ledger();
    expect(call!.status).toBe('done');
    expect(call!.prompt_tokens).toBeGreaterThan(0);
    expect(call!.tokens).toBe(call!.prompt_tokens + call!.completion_tokens);
  });

  it('asks again after answers that do not match the schema, saying what was wrong', async () => {
    const before = server.requests.length;
    server.invalidAnswers(JSON_ATTEMPTS - 1);
    const verdict = await ask();
    expect(Verdict.safeParse(verdict).success).toBe(true);
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(JSON_ATTEMPTS);
    const last = sent.at(-1)!.messages;
    expect(last.at(-1)!.content).toMatch(/does not match the JSON schema/);
    expect(last.filter((message) => message.role === 'assistant')).toHaveLength(JSON_ATTEMPTS - 1);
  });

  it('fails with a clear error after three malformed answers, never handing back a half-parsed one', async () => {
    server.invalidAnswers(JSON_ATTEMPTS);
    const failure = await ask().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LlmError);
    expect(failure).toMatchObject({ kind: 'invalid_answer' });
    expect((failure as Error).message).toMatch(
      /^Fixture \(fixture-model\) gave 3 answers to test\.verdict that do not match the expected format \(.+\)$/,
    );
    expect((await ledger()).map((call) => call.status)).toEqual(['done', 'done', 'done']);
  });

  it('asks in JSON mode, with the schema in the prompt, an endpoint that refuses structured outputs', async () => {
    const plain = await startOpenAiServer({ jsonSchema: false });
    servers.push(plain);
    const llm = llmWith(engineFor(plain, { apiKey: undefined }));
    expect(Verdict.safeParse(await ask(llm)).success).toBe(true);
    expect(Verdict.safeParse(await ask(llm)).success).toBe(true);
    expect(plain.requests.map((request) => [request.responseFormat, request.status])).toEqual([
      ['json_schema', 400],
      ['json_object', 200],
      ['json_object', 200],
    ]);
  });
});

describe('failures of the endpoint', () => {
  it('waits as Retry-After says when rate limited, then gets the answer', async () => {
    server.setRateLimit({ requests: 1, windowMs: 1_000 });
    const engine = engineFor(server, { maxRetryWaitMs: 2_000 });
    const before = server.requests.length;
    const answers = await Promise.all([ask(llmWith(engine)), ask(llmWith(engine))]);
    expect(answers).toHaveLength(2);
    const statuses = server.requests.slice(before).map((request) => request.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
  });

  it('gives up after three tries when the endpoint keeps failing, and counts no tokens for it', async () => {
    server.failNext(3, 503);
    const failure = await ask().catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'unavailable' });
    expect((failure as Error).message).toMatch(/Fixture answered 503/);
    expect(await ledger()).toEqual([expect.objectContaining({ status: 'failed', tokens: 0 })]);
  });

  it('tries again after a timeout', async () => {
    server.hang(1);
    const before = server.requests.length;
    const verdict = await ask(llmWith(engineFor(server, { timeoutMs: 300 })));
    expect(Verdict.safeParse(verdict).success).toBe(true);
    expect(server.requests.length - before).toBe(2);
  });

  it('does not retry a refused API key', async () => {
    const before = server.requests.length;
    const failure = await ask(llmWith(engineFor(server, { apiKey: 'sk-wrong' }))).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ kind: 'unauthorized' });
    expect(server.requests.length - before).toBe(1);
  });
});

describe('the monthly token cap', () => {
  it('refuses a call that could pass the cap before it leaves, and shows the month’s use', async () => {
    const llm = llmWith(engineFor(server), 1_000);
    await ask(llm);
    const used = (await llm.usage(organizationId)).tokens;
    expect(used).toBeGreaterThan(0);
    // The next booking (its prompt plus up to 200 answer tokens) would pass 1,000.
    const tight = llmWith(engineFor(server), used + 100);
    const before = server.requests.length;
    const failure = await ask(tight).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'budget_spent' });
    expect(server.requests.length).toBe(before);
    expect(await tight.usage(organizationId)).toMatchObject({ tokens: used, cap: used + 100 });
  });

  it('lets exactly one of two simultaneous calls through when the cap holds only one', async () => {
    server.setLatency(200);
    // One booking is the prompt (about 5 tokens) plus 200: a cap of 300 holds one, not two.
    const llm = llmWith(engineFor(server), 300);
    const before = server.requests.length;
    const outcomes = await Promise.allSettled([ask(llm), ask(llm)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(server.requests.length - before).toBe(1);
  });
});

describe('configuration', () => {
  it('reads the visibility engines from LLM_VISIBILITY_ENGINES, else asks the main model alone', () => {
    const main = { LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'main-model' };
    const alone = createLlmFromConfig(loadConfig(main), t.database, logger);
    expect(alone.visibilityEngines.map((engine) => engine.model)).toEqual(['main-model']);
    const several = createLlmFromConfig(
      loadConfig({
        ...main,
        LLM_VISIBILITY_ENGINES: JSON.stringify([
          { name: 'GPT', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key: 'sk-x' },
          { name: 'Llama', base_url: 'http://localhost:11434/v1', model: 'llama3.1' },
        ]),
      }),
      t.database,
      logger,
    );
    expect(several.engine?.model).toBe('main-model');
    expect(several.visibilityEngines.map((engine) => engine.name)).toEqual(['GPT', 'Llama']);
    expect(createLlmFromConfig(loadConfig({}), t.database, logger)).toMatchObject({
      engine: null,
      visibilityEngines: [],
    });
  });

  it('refuses a model without its endpoint, and engines that are not the documented JSON', () => {
    expect(() => loadConfig({ LLM_MODEL: 'gpt-4o-mini' })).toThrow(
      'Invalid configuration: LLM_BASE_URL and LLM_MODEL go together',
    );
    expect(() => loadConfig({ LLM_VISIBILITY_ENGINES: '[{"name":"GPT"}]' })).toThrow(
      /^Invalid configuration: LLM_VISIBILITY_ENGINES must be a JSON array/,
    );
    expect(() => loadConfig({ LLM_VISIBILITY_ENGINES: 'not json' })).toThrow(/LLM_VISIBILITY_ENGINES/);
  });
});
