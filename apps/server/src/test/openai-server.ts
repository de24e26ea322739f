import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local server that speaks OpenAI's Chat Completions API as OpenAI documents it
 * (https://platform.openai.com/docs/api-reference/chat), for integration tests, e2e and manual demos of the
 * LLM adapter: `POST /v1/chat/completions` and `GET /v1/models` (and `/v1/models/{id}`).
 *
 * Answers:
 * - `response_format: {type:'json_schema', json_schema:{name, schema, strict}}`: `choices[0].message.content`
 *   is the JSON of a value valid against `schema`, generated from it (`valueForSchema`): strings read
 *   'Fixture <property> <n> for <first domain named in the last user message>', numbers sit at 70–80 % of
 *   their range, arrays hold 3 items (within minItems/maxItems), enums cycle so every value appears.
 *   `answers[name]` replaces the generated value for a schema name (a string is sent verbatim).
 * - `{type:'json_object'}`: the same, for the JSON Schema in a fenced ```json block after a `JSON schema:`
 *   line of the last system or user message (its `title` is the name `answers` looks up); `{}` without one.
 *   With `jsonSchema: false` the server is an endpoint without structured outputs: json_schema is a 400.
 * - No response_format (or `{type:'text'}`): 3–5 sentences of prose citing `citedDomains`: the n-th answer
 *   to the same question (its exact text) cites domains[(n + i) % len] for i < 3, the first as a markdown
 *   link, the second as a bare https://www. URL, the third by name only; so repeated samples differ.
 * - `usage`: tokens are ceil(characters / 4) of all message contents (prompt) and of the answer.
 *   `max_tokens`/`max_completion_tokens` are recorded, not enforced; `finish_reason` is always 'stop'.
 *
 * Errors use OpenAI's envelope `{ error: { message, type, param, code } }`:
 * - a missing or wrong `Authorization: Bearer` when `apiKey` is set: 401 `invalid_api_key`;
 * - a body that is not JSON, no `messages`, a malformed message or response_format, `stream: true`: 400;
 * - a model not in `models`: 404 `model_not_found`;
 * - above `rateLimit.requests` in a sliding `rateLimit.windowMs`: 429 `rate_limit_exceeded` with
 *   `Retry-After` (whole seconds until the oldest counted request leaves the window);
 * - `failNext(n, status)`: the next n requests answer 500 (or 503) with a `server_error` envelope;
 * - `hang(n)`: the next n requests are never answered (until `close()`), for client timeouts;
 * - `invalidAnswers(n)`: the next n structured answers are wrong: odd ones JSON that breaks the schema (a
 *   required property dropped, a string where a number belongs), even ones not JSON at all.
 * Checks run in that order: auth, hang, failNext, rate limit, body, model. `latencyMs` delays every answer.
 *
 * Run it for manual demos and e2e: `node --import tsx apps/server/src/test/openai-server.ts --port 8790
 * [--latency 200] [--cite a.com,b.com] [--api-key K] [--models m1,m2] [--no-json-schema]`.
 */
export interface FakeOpenAi {
  /** http://127.0.0.1:PORT/v1, the base URL an OpenAI client takes. */
  url: string;
  port: number;
  /** Every `POST /v1/chat/completions`, in order, refused ones included. */
  requests: RecordedRequest[];
  /** The next `n` structured answers are not valid for their schema (every second one is not JSON). */
  invalidAnswers(n: number): void;
  /** The next `n` requests answer `status` (500 unless given) with the error envelope. */
  failNext(n: number, status?: number): void;
  /** The next `n` requests get no answer at all. */
  hang(n: number): void;
  /** `requests` per sliding `windowMs`; null for no limit. Resets the window. */
  setRateLimit(limit: RateLimit | null): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  port?: number;
  /** When set, requests need `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Models the server knows (default `['fixture-model']`). */
  models?: string[];
  /** false: an endpoint without structured outputs (json_schema refused, json_object accepted). */
  jsonSchema?: boolean;
  /** Per json_schema name, the value to answer instead of the generated one (a string is sent verbatim). */
  answers?: Record<string, (request: ChatRequest) => unknown>;
  /** Domains the plain-text answers cite (default example.com, example.org, example.net). */
  citedDomains?: string[];
  /** Added before each answer. */
  latencyMs?: number;
  rateLimit?: RateLimit;
}

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** A message with its content flattened to text (array content parts joined). */
export interface ChatMessage {
  role: string;
  content: string;
}

/** A parsed chat completion request, as `answers` callbacks see it. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number | null;
  maxTokens: number | null;
  responseFormat: ResponseFormatType;
  schemaName: string | null;
  schema: JsonSchema | null;
  /** The posted body as sent. */
  body: Record<string, unknown>;
}

export type ResponseFormatType = 'text' | 'json_object' | 'json_schema';

export interface RecordedRequest {
  /** Null when the body could not be read. */
  model: string | null;
  messages: ChatMessage[];
  responseFormat: ResponseFormatType | null;
  schemaName: string | null;
  /** The answer's HTTP status; null while delayed, or for a hung request. */
  status: number | null;
}

export type JsonSchema = { [key: string]: unknown };

const DEFAULT_MODELS = ['fixture-model'];
const DEFAULT_CITED = ['example.com', 'example.org', 'example.net'];
const CREATED = 1_700_000_000;

type ErrorBody = { message: string; type: string; param: string | null; code: string | null };

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param: string | null = null, code: string | null = null) =>
  new RequestError(400, { message, type: 'invalid_request_error', param, code });

// ---------------------------------------------------------------------------------------------------
// Values from a JSON Schema

interface GenerateContext {
  /** The first domain named in the last user message, if any. */
  domain: string | null;
  domains: string[];
}

interface GenerateState extends GenerateContext {
  root: JsonSchema;
  counters: Map<string, number>;
}

const MAX_DEPTH = 8;
/** Where a number sits in its range, cycled per property: inside 70–80 %. */
const RANGE_POINTS = [0.72, 0.76, 0.78];

/**
 * A value valid against `schema`, built deterministically from it: type object/array/string/number/
 * integer/boolean/null (or a list of them: the first that is not null), `enum`, `const`, `required`,
 * `properties`, `items`/`prefixItems`, `minItems`/`maxItems`, `minimum`/`maximum` (and exclusive ones,
 * `multipleOf`), `minLength`/`maxLength`, `anyOf`/`oneOf` (the first alternative that is not null),
 * `allOf` (merged), `$ref` to `#/$defs/…` or `#/definitions/…`. `pattern` is not honoured.
 */
export function valueForSchema(schema: unknown, context: Partial<GenerateContext> = {}): unknown {
  const root = isObject(schema) ? schema : {};
  const state: GenerateState = {
    root,
    counters: new Map(),
    domain: context.domain ?? null,
    domains: context.domains ?? (context.domain ? [context.domain] : []),
  };
  return generate(schema, 'answer', state, 0);
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolveRef(schema: JsonSchema, root: JsonSchema, seen = 0): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#') || seen > 20) return schema;
  let target: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) ? target[key] : undefined;
  }
  if (!isObject(target)) return schema;
  const { $ref: _, ...rest } = schema;
  return resolveRef({ ...target, ...rest }, root, seen + 1);
}

function next(state: GenerateState, key: string): number {
  const count = state.counters.get(key) ?? 0;
  state.counters.set(key, count + 1);
  return count;
}

const isNullSchema = (schema: unknown) =>
  isObject(schema) && (schema.type === 'null' || (schema.const === null && schema.type === undefined));

function generate(raw: unknown, name: string, state: GenerateState, depth: number): unknown {
  if (!isObject(raw)) return stringFor({}, name, state);
  let schema = resolveRef(raw, state.root);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const values = schema.enum;
    return values[next(state, `enum:${JSON.stringify(values)}`) % values.length];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    const chosen = alternatives.find((a) => !isNullSchema(resolveRef(isObject(a) ? a : {}, state.root)));
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    const merged = isObject(chosen ?? alternatives[0]) ? { ...rest, ...(chosen ?? alternatives[0]) } : rest;
    return generate(merged, name, state, depth);
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    const parts = [rest, ...allOf.map((part) => (isObject(part) ? resolveRef(part, state.root) : {}))];
    const merged: JsonSchema = Object.assign({}, ...parts);
    if (parts.some((part) => isObject(part.properties)))
      merged.properties = Object.assign(
        {},
        ...parts.map((part) => (isObject(part.properties) ? part.properties : {})),
      );
    if (parts.some((part) => Array.isArray(part.required)))
      merged.required = parts.flatMap((part) => (Array.isArray(part.required) ? part.required : []));
    schema = merged;
  }
  switch (typeOf(schema)) {
    case 'null':
      return null;
    case 'boolean':
      return next(state, `boolean:${name}`) % 2 === 0;
    case 'integer':
      return numberFor(schema, true, next(state, `number:${name}`));
    case 'number':
      return numberFor(schema, false, next(state, `number:${name}`));
    case 'array':
      return arrayFor(schema, name, state, depth);
    case 'object':
      return objectFor(schema, state, depth);
    default:
      return stringFor(schema, name, state);
  }
}

function typeOf(schema: JsonSchema): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type.find((t) => t !== 'null') as string | undefined) ?? 'null';
  if (isObject(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array';
  if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number';
  return 'string';
}

function objectFor(schema: JsonSchema, state: GenerateState, depth: number): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const result: Record<string, unknown> = {};
  // Deep in a recursive schema only what is required, so the value stays finite.
  const keys = depth > MAX_DEPTH ? required : [...new Set([...Object.keys(properties), ...required])];
  for (const key of keys) result[key] = generate(properties[key] ?? {}, key, state, depth + 1);
  return result;
}

function arrayFor(schema: JsonSchema, name: string, state: GenerateState, depth: number): unknown[] {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const wanted = depth > MAX_DEPTH ? min : Math.max(prefix.length, 3);
  const count = Math.max(min, Math.min(max, wanted));
  const itemName = singular(name);
  return Array.from({ length: count }, (_, i) =>
    generate(i < prefix.length ? prefix[i] : (schema.items ?? {}), itemName, state, depth + 1),
  );
}

function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x)es$/.test(name)) return name.replace(/es$/, '');
  if (/(ss|us|is)$/.test(name)) return name;
  return name.replace(/s$/, '');
}

function numberFor(schema: JsonSchema, integer: boolean, count: number): number {
  const bound = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const exclusiveLow = bound(schema.exclusiveMinimum);
  const exclusiveHigh = bound(schema.exclusiveMaximum);
  let low = bound(schema.minimum) ?? Number.NEGATIVE_INFINITY;
  let high = bound(schema.maximum) ?? Number.POSITIVE_INFINITY;
  if (exclusiveLow !== undefined) low = Math.max(low, integer ? Math.floor(exclusiveLow) + 1 : exclusiveLow);
  if (exclusiveHigh !== undefined)
    high = Math.min(high, integer ? Math.ceil(exclusiveHigh) - 1 : exclusiveHigh);
  if (integer) {
    low = Math.ceil(low);
    high = Math.floor(high);
  }
  // A readable window of the range: the range itself when it is small, else 0..100 inside it.
  let from = low;
  let to = high;
  if (!(high - low <= 1e6)) {
    if (low <= 0 && high >= 100) [from, to] = [0, 100];
    else if (Number.isFinite(low)) [from, to] = [low, Math.min(high, low + 100)];
    else [from, to] = [high - 100, high];
  }
  const point = RANGE_POINTS[count % RANGE_POINTS.length]!;
  let value = from + point * (to - from);
  value = integer || to - from >= 10 ? Math.round(value) : Math.round(value * 100) / 100;
  const step = bound(schema.multipleOf);
  if (step && step > 0) {
    value = Number((Math.round(value / step) * step).toFixed(10));
    if (value > high) value = Number((Math.floor(high / step) * step).toFixed(10));
    if (value < low) value = Number((Math.ceil(low / step) * step).toFixed(10));
  }
  value = Math.min(high, Math.max(low, value));
  if (
    (exclusiveLow !== undefined && value <= exclusiveLow) ||
    (exclusiveHigh !== undefined && value >= exclusiveHigh)
  )
    value = (Math.max(low, exclusiveLow ?? low) + Math.min(high, exclusiveHigh ?? high)) / 2;
  return value;
}

function stringFor(schema: JsonSchema, name: string, state: GenerateState): string {
  const n = next(state, `string:${name}`) + 1;
  const domain = state.domains.length > 0 ? state.domains[(n - 1) % state.domains.length]! : 'example.com';
  const key = name.toLowerCase();
  let text: string;
  if (schema.format === 'date-time') text = `2025-01-${String(10 + (n % 18)).padStart(2, '0')}T10:00:00Z`;
  else if (schema.format === 'date') text = `2025-01-${String(10 + (n % 18)).padStart(2, '0')}`;
  else if (schema.format === 'email' || key === 'email') text = `fixture-${n}@${domain}`;
  else if (schema.format === 'uri' || schema.format === 'url' || /(^|_)(url|uri|link|href)$/.test(key))
    text = `https://${domain}/fixture-${n}`;
  else if (key === 'domain' || key.endsWith('_domain')) text = domain;
  else {
    const words = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .toLowerCase()
      .trim();
    text = `Fixture ${words || 'text'} ${n}${state.domain ? ` for ${state.domain}` : ''}`;
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (text.length < minLength) text = text.padEnd(minLength, '.');
  return text.slice(0, maxLength);
}

/** `value` spoilt for `schema`: a required property dropped and a string where a number was. */
function spoil(value: unknown, schema: JsonSchema | null): unknown {
  const root = schema ? resolveRef(schema, schema) : {};
  if (isObject(value)) {
    const copy = structuredClone(value);
    const required = Array.isArray(root.required) ? (root.required as string[]) : [];
    const dropped = required.find((key) => key in copy);
    if (dropped !== undefined) delete copy[dropped];
    const replaced = replaceFirst(copy, (v) => typeof v === 'number', 'seventy-two');
    if (dropped !== undefined || replaced) return copy;
    if (replaceFirst(copy, (v) => typeof v === 'string', 72)) return copy;
  }
  return typeof value === 'string' ? 72 : 'not what the schema asks for';
}

function replaceFirst(value: unknown, match: (v: unknown) => boolean, by: unknown): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (match(value[i])) {
        value[i] = by;
        return true;
      }
      if (replaceFirst(value[i], match, by)) return true;
    }
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      if (match(value[key])) {
        value[key] = by;
        return true;
      }
      if (replaceFirst(value[key], match, by)) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Prose answers

const FILE_ENDINGS = /\.(html?|json|js|ts|css|png|jpe?g|gif|svg|md|txt|php|xml|pdf)$/i;

/** Domains named in `text`, in order of first appearance, without `www.`. */
export function domainsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24})\b/gi)) {
    const domain = match[1]!.toLowerCase().replace(/^www\./, '');
    if (FILE_ENDINGS.test(domain) || found.includes(domain)) continue;
    found.push(domain);
  }
  return found;
}

function titleOf(domain: string): string {
  const label = domain.split('.')[0] ?? domain;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} guide`;
}

function slugOf(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.slice(0, 6).join('-') || 'overview';
}

// The question is not quoted back: a domain named in it would read as a mention of that domain.
function proseAnswer(question: string, sample: number, domains: string[]): string {
  const cited = Array.from(
    { length: Math.min(3, domains.length) },
    (_, i) => domains[(sample + i) % domains.length]!,
  );
  const [first, second, third] = cited;
  const sentences = [
    first
      ? `For this question, a good place to start is [${titleOf(first)}](https://${first}/guides/${slugOf(question)}).`
      : 'For this question, there is no single source everyone agrees on.',
  ];
  if (second)
    sentences.push(
      `Another well-regarded source is https://www.${second}/page, which compares the main options.`,
    );
  if (third) sentences.push(`Many people also read ${third} for practical tips and recent reviews.`);
  sentences.push('Compare a few options before deciding, and check how recent each recommendation is.');
  if (sentences.length < 3)
    sentences.push('Prices and availability change, so confirm the details with each provider.');
  return sentences.join(' ');
}

// ---------------------------------------------------------------------------------------------------
// Requests

function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (Array.isArray(content))
    return content
      .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
      .filter(Boolean)
      .join('\n');
  return null;
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

function parseRequest(body: unknown): ChatRequest {
  if (!isObject(body)) throw invalid('The request body must be a JSON object.');
  if (body.model === undefined)
    throw invalid("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  if (typeof body.model !== 'string') throw invalid("Invalid type for 'model': expected a string.", 'model');
  if (body.messages === undefined)
    throw invalid("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    throw invalid("Invalid 'messages': expected a non-empty array.", 'messages');
  const messages = body.messages.map((message, i) => {
    const content = isObject(message) ? textOf(message.content) : null;
    if (
      !isObject(message) ||
      typeof message.role !== 'string' ||
      !ROLES.has(message.role) ||
      content === null
    )
      throw invalid(
        `Invalid 'messages[${i}]': expected an object with a known role and content.`,
        `messages[${i}]`,
      );
    return { role: message.role, content };
  });
  if (body.stream === true) throw invalid('This fixture does not stream; send stream: false.', 'stream');
  const format = body.response_format;
  let responseFormat: ResponseFormatType = 'text';
  let schemaName: string | null = null;
  let schema: JsonSchema | null = null;
  if (format !== undefined && format !== null) {
    if (!isObject(format) || !['text', 'json_object', 'json_schema'].includes(format.type as string))
      throw invalid(
        "Invalid 'response_format.type': expected one of 'text', 'json_object', 'json_schema'.",
        'response_format',
      );
    responseFormat = format.type as ResponseFormatType;
    if (responseFormat === 'json_schema') {
      const spec = format.json_schema;
      if (!isObject(spec) || typeof spec.name !== 'string')
        throw invalid(
          "Missing required parameter: 'response_format.json_schema.name'.",
          'response_format.json_schema.name',
          'missing_required_parameter',
        );
      schemaName = spec.name;
      schema = isObject(spec.schema) ? spec.schema : {};
    }
  }
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    model: body.model,
    messages,
    temperature: number(body.temperature),
    maxTokens: number(body.max_completion_tokens) ?? number(body.max_tokens),
    responseFormat,
    schemaName,
    schema,
    body,
  };
}

/** The JSON Schema of a json_object request: a ```json block after `JSON schema:` in the last system/user message. */
function promptedSchema(messages: ChatMessage[]): JsonSchema | null {
  const last = [...messages].reverse().find((m) => m.role === 'system' || m.role === 'user');
  const after = last?.content.split(/^[ \t]*JSON schema:[ \t]*$/im)[1];
  const block = after?.match(/```json[^\n]*\n([\s\S]*?)```/);
  if (!block) return null;
  try {
    const parsed: unknown = JSON.parse(block[1]!);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const tokens = (text: string) => Math.ceil(text.length / 4);

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

export async function startOpenAiServer(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const models = options.models ?? DEFAULT_MODELS;
  const cited = options.citedDomains?.length ? options.citedDomains : DEFAULT_CITED;
  const structuredOutputs = options.jsonSchema !== false;
  let latencyMs = options.latencyMs ?? 0;
  let rateLimit = options.rateLimit ?? null;
  const accepted: number[] = []; // times of requests let through, for the sliding window
  const failures: number[] = [];
  let hangs = 0;
  let invalidLeft = 0;
  let invalidServed = 0;
  let completions = 0;
  const samples = new Map<string, number>(); // plain-text answers given per question

  const fake: FakeOpenAi = {
    url: '',
    port: 0,
    requests: [],
    invalidAnswers(n) {
      invalidLeft += n;
    },
    failNext(n, status = 500) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    hang(n) {
      hangs += n;
    },
    setRateLimit(limit) {
      rateLimit = limit;
      accepted.length = 0;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const answerStructured = (request: ChatRequest, schema: JsonSchema | null, name: string | null): string => {
    const lastUser = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const domains = domainsIn(lastUser);
    const override = name ? options.answers?.[name] : undefined;
    let value: unknown = override
      ? override(request)
      : schema
        ? valueForSchema(schema, { domain: domains[0] ?? null, domains })
        : {};
    if (invalidLeft > 0) {
      invalidLeft--;
      invalidServed++;
      if (invalidServed % 2 === 0) return 'Here is the analysis you asked for: {"summary": "Fixture summary';
      value = spoil(typeof value === 'string' ? safeParse(value) : value, schema);
    }
    return typeof value === 'string' ? value : JSON.stringify(value);
  };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const record: RecordedRequest | null =
      request.method === 'POST' && request.url?.split('?')[0] === '/v1/chat/completions'
        ? { model: null, messages: [], responseFormat: null, schemaName: null, status: null }
        : null;
    if (record) fake.requests.push(record);
    const send = async (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (record) record.status = status;
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const fail = (error: RequestError, headers?: Record<string, string>) =>
      send(error.status, { error: error.body }, headers);

    const text = await readBody(request);
    const path = (request.url ?? '/').split('?')[0]!.replace(/\/+$/, '');

    if (options.apiKey !== undefined) {
      const given = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
      if (given !== options.apiKey)
        return fail(
          new RequestError(401, {
            message: given
              ? `Incorrect API key provided: ${given.length > 8 ? `${given.slice(0, 3)}…${given.slice(-4)}` : '***'}.`
              : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          }),
        );
    }

    if (request.method === 'GET' && (path === '/v1/models' || path.startsWith('/v1/models/'))) {
      const entry = (id: string) => ({ id, object: 'model', created: CREATED, owned_by: 'sitelens-fixture' });
      if (path === '/v1/models') return send(200, { object: 'list', data: models.map(entry) });
      const id = decodeURIComponent(path.slice('/v1/models/'.length));
      if (models.includes(id)) return send(200, entry(id));
      return fail(modelNotFound(id));
    }
    if (!record)
      return fail(
        new RequestError(404, {
          message: `Invalid URL (${request.method} ${path}).`,
          type: 'invalid_request_error',
          param: null,
          code: null,
        }),
      );

    if (hangs > 0) {
      hangs--;
      return; // never answered; close() drops the connection
    }
    const forced = failures.shift();
    if (forced !== undefined)
      return fail(
        new RequestError(forced, {
          message:
            forced === 503
              ? 'The server is overloaded or not ready yet.'
              : 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        }),
      );
    if (rateLimit) {
      const now = performance.now();
      while (accepted.length > 0 && now - accepted[0]! >= rateLimit.windowMs) accepted.shift();
      if (accepted.length >= rateLimit.requests) {
        const waitMs = accepted[0]! + rateLimit.windowMs - now;
        const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
        return fail(
          new RequestError(429, {
            message: `Rate limit reached for requests: limit ${rateLimit.requests} per ${rateLimit.windowMs} ms. Please try again in ${retryAfter}s.`,
            type: 'requests',
            param: null,
            code: 'rate_limit_exceeded',
          }),
          {
            'retry-after': String(retryAfter),
            'x-ratelimit-limit-requests': String(rateLimit.requests),
            'x-ratelimit-remaining-requests': '0',
          },
        );
      }
      accepted.push(now);
    }

    let parsed: ChatRequest;
    try {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw invalid(
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)",
        );
      }
      parsed = parseRequest(body);
    } catch (error) {
      if (error instanceof RequestError) return fail(error);
      throw error;
    }
    Object.assign(record, {
      model: parsed.model,
      messages: parsed.messages,
      responseFormat: parsed.responseFormat,
      schemaName: parsed.schemaName,
    });
    if (!models.includes(parsed.model)) return fail(modelNotFound(parsed.model));

    let content: string;
    if (parsed.responseFormat === 'json_schema') {
      if (!structuredOutputs)
        return fail(
          invalid(
            "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
            'response_format',
          ),
        );
      content = answerStructured(parsed, parsed.schema, parsed.schemaName);
    } else if (parsed.responseFormat === 'json_object') {
      const schema = promptedSchema(parsed.messages);
      const title = schema && typeof schema.title === 'string' ? schema.title : null;
      content = answerStructured({ ...parsed, schema, schemaName: title }, schema, title);
    } else {
      const question = [...parsed.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const sample = samples.get(question) ?? 0;
      samples.set(question, sample + 1);
      content = proseAnswer(question, sample, cited);
    }

    const promptTokens = tokens(parsed.messages.map((m) => m.content).join(''));
    const completionTokens = tokens(content);
    completions++;
    return send(200, {
      id: `chatcmpl-fixture${String(completions).padStart(6, '0')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: parsed.model,
      system_fingerprint: 'fp_fixture',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  };

  const server: Server = createServer(async (request, response) => {
    try {
      await answer(request, response);
    } catch {
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: { message: 'The fixture failed.', type: 'server_error', param: null, code: null },
          }),
        );
      }
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.port = port;
  fake.url = `http://127.0.0.1:${port}/v1`;
  return fake;
}

function modelNotFound(model: string): RequestError {
  return new RequestError(404, {
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    param: null,
    code: 'model_not_found',
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// `node --import tsx apps/server/src/test/openai-server.ts [--port 8790] [--latency MS] [--cite a.com,b.com]
//  [--api-key K] [--models m1,m2] [--no-json-schema]` starts one for manual demos and e2e.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const list = (name: string) => arg(name)?.split(',').filter(Boolean);
  startOpenAiServer({
    port: Number(arg('port') ?? 8790),
    latencyMs: arg('latency') === undefined ? undefined : Number(arg('latency')),
    citedDomains: list('cite'),
    apiKey: arg('api-key'),
    models: list('models'),
    jsonSchema: !process.argv.includes('--no-json-schema'),
  }).then((fake) => console.log(fake.url));
}
