import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../errors';
import { type Account, createTestApp, registerUser, startTrial, type TestApp } from '../test/app';
import { BODY_LIMIT } from './body-limits';

// Bad input never answers 5xx, and never takes long: every operation of the OpenAPI document gets
// bodies nested 100,000 levels deep, megabyte strings in each field, bodies over the limit and the
// wrong content types, signed in and not. A new route is covered the day it is added.
const DEPTH = 100_000;
const HUGE = 1_000_000;
const LONG_QUERY = 8_000; // under Node's 16 KiB limit on headers, so a real request can carry it
// The budget of the issue is a second; the margin is for a loaded CI machine.
const ANSWER_BUDGET_MS = 1_500;

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}
interface Probe {
  kind: string;
  payload?: string | Readable;
  contentType?: string;
  query?: Record<string, string>;
  /** Replaces the path parameters' values. */
  pathValue?: string;
}

let t: TestApp;
let account: Account;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  account = await registerUser(t.app);
  // A team and a subscription, so the calls of a member get past "no team" to their real work.
  await startTrial(t.app, account);
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
});
afterAll(() => t.close());

let sequence = 0;
/** Each request is unique, so no rate limit on an address or an e-mail hides the real answer. */
const next = () => ++sequence;

const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
/** A JSON body of exactly `bytes` bytes. */
const jsonOfSize = (bytes: number) => `{"a":"${'a'.repeat(bytes - 8)}"}`;

/** A sample value the schema accepts, as far as a JSON schema can say; the key hints at e-mails, URLs, domains. */
function sample(schema: JsonSchema, key = ''): unknown {
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sample(branch, key);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, inner]) => [name, sample(inner, name)]),
      );
    case 'array':
      return schema.items ? [sample(schema.items, key)] : [];
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > -1e9 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema, key);
    default:
      return 'fuzz';
  }
}

function sampleString(schema: JsonSchema, key: string): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2024-01-31';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fits = ['123', '10001', '4111111111111111', 'fuzz'].find((candidate) => pattern.test(candidate));
    if (fits) return fits;
  }
  const hinted = shapeFor(key)?.('fuzz');
  return (hinted ?? 'fuzz').padEnd(schema.minLength ?? 0, 'z');
}

/** A string of the kind the field's name asks for, so a huge one passes the format check and goes deeper. */
function shapeFor(key: string): ((filler: string) => string) | null {
  if (/e-?mail|user_name|u_name/i.test(key)) return (filler) => `${filler}@example.com`;
  if (/url|competitors/i.test(key)) return (filler) => `https://example.com/${filler}`;
  if (/domain/i.test(key)) return (filler) => `${filler}.example.com`;
  return null;
}

/** Every string in a value, as a path of keys and indexes, with the key naming it. */
function stringPaths(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; key: string }[] {
  if (typeof value === 'string')
    return [{ path, key: String(path.findLast((p) => typeof p === 'string') ?? '') }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    stringPaths(inner, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** The value with `replacement` (raw JSON) at `path`, as JSON text. */
function withRawAt(value: unknown, path: (string | number)[], replacement: string): string {
  const marker = `\u0001${next()}\u0001`;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let holder = copy;
  for (const step of path.slice(0, -1)) holder = holder[step] as Record<string | number, unknown>;
  holder[path.at(-1)!] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), replacement);
}

/** Bodies of the right shape with one bad field each: a megabyte string, plain and shaped, or deep nesting. */
function fieldProbes(schema: JsonSchema): Probe[] {
  const shapes = schema.anyOf ?? schema.oneOf ?? [schema];
  return shapes.flatMap((shape) => {
    const valid = sample(shape);
    return stringPaths(valid).flatMap(({ path, key }) => {
      const where = path.join('.');
      const huge = () => `${next()}${'a'.repeat(HUGE)}`;
      const shape = shapeFor(key);
      return [
        { kind: `1 MB string in ${where}`, payload: withRawAt(valid, path, JSON.stringify(huge())) },
        ...(shape
          ? [
              {
                kind: `1 MB shaped string in ${where}`,
                payload: withRawAt(valid, path, JSON.stringify(shape(huge()))),
              },
            ]
          : []),
        { kind: `deep nesting in ${where}`, payload: withRawAt(valid, path, deepArray) },
      ].map((probe) => ({ ...probe, contentType: 'application/json' }));
    });
  });
}

/** Query strings with one parameter long, the others valid. */
function queryProbes(parameters: Parameter[]): Probe[] {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const valid = Object.fromEntries(query.map((p) => [p.name, String(sample(p.schema, p.name))]));
  return query.flatMap((parameter) => {
    const long = `${next()}${'a'.repeat(LONG_QUERY)}`;
    const shape = shapeFor(parameter.name);
    return [long, ...(shape ? [shape(long)] : [])].map((value) => ({
      kind: `long query ${parameter.name}`,
      query: { ...valid, [parameter.name]: value },
    }));
  });
}

const multipart = [
  '--fuzz',
  'Content-Disposition: form-data; name="file"; filename="x.bin"',
  'Content-Type: application/octet-stream',
  '',
  '\u0000\u00ff garbage',
  '--fuzz-',
].join('\r\n');

const commonProbes: Probe[] = [
  { kind: 'array nested 100,000 deep', payload: deepArray, contentType: 'application/json' },
  { kind: 'object nested 100,000 deep', payload: deepObject, contentType: 'application/json' },
  { kind: 'body of 1 MiB + 1 byte', payload: jsonOfSize(BODY_LIMIT + 1), contentType: 'application/json' },
  { kind: 'invalid JSON', payload: '{"email":', contentType: 'application/json' },
  { kind: 'empty JSON body', payload: '', contentType: 'application/json' },
  { kind: 'JSON null', payload: 'null', contentType: 'application/json' },
  { kind: 'JSON in UTF-16', payload: '{}', contentType: 'application/json; charset=utf-16' },
  { kind: 'text/plain', payload: 'hello', contentType: 'text/plain' },
  { kind: 'form', payload: 'email=a%40b.c&pw=x', contentType: 'application/x-www-form-urlencoded' },
  { kind: 'multipart garbage', payload: multipart, contentType: 'multipart/form-data; boundary=fuzz' },
  { kind: 'octet-stream', payload: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
  { kind: 'long path parameter', pathValue: 'a'.repeat(5_000) },
];

/** A streamed 5 MB body without a length, as a client sending chunks would: the limit must stop it too. */
function streamedProbe(): Probe {
  const chunk = 'a'.repeat(64 * 1024);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent === 0) this.push('{"a":"');
      if (sent >= 5_000_000) return this.push(null);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { kind: 'streamed 5 MB body', payload: stream, contentType: 'application/json' };
}

interface Answer {
  operation: string;
  kind: string;
  signedIn: boolean;
  status: number;
  ms: number;
  /** The start of the answer, to name it in a failure. */
  body: string;
  /** False for an error answer that is not in the product's format. */
  inErrorFormat: boolean;
}

/** A distinct client address for the nth request. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function send(operation: Operation, probe: Probe, signedIn: boolean): Promise<Answer> {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (probe.pathValue) return probe.pathValue;
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return String(parameter ? sample(parameter.schema, name) : randomUUID());
  });
  const request: InjectOptions = {
    method: operation.method as InjectOptions['method'],
    url,
    query: probe.query,
    remoteAddress: addressOf(next()),
    headers: {
      ...(signedIn ? account.auth : {}),
      ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
    },
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
  };
  const started = performance.now();
  const res: LightMyRequestResponse = await t.app.inject(request);
  return {
    operation: `${operation.method} ${operation.path}`,
    kind: probe.kind,
    signedIn,
    status: res.statusCode,
    ms: performance.now() - started,
    body: res.body.slice(0, 200),
    inErrorFormat: res.statusCode < 400 || isErrorReply(res.body),
  };
}

/** An error answer in the product's format: JSON `{ error, code }` with one of its codes. */
function isErrorReply(text: string): boolean {
  try {
    const body = JSON.parse(text);
    return typeof body.error === 'string' && Object.hasOwn(ERROR_STATUS, body.code);
  } catch {
    return false;
  }
}

describe('bad input', () => {
  it('never answers 5xx on any operation: errors come in the error format, within the budget, and the server stays healthy', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const answers: Answer[] = [];
    const started = performance.now();
    for (const operation of operations) {
      const probes = [
        ...commonProbes,
        ...(operation.body ? fieldProbes(operation.body) : []),
        ...queryProbes(operation.parameters),
      ];
      for (const signedIn of [true, false]) {
        for (const probe of probes) answers.push(await send(operation, probe, signedIn));
        answers.push(await send(operation, streamedProbe(), signedIn));
      }
    }
    const elapsed = performance.now() - started;

    const describeAnswer = (a: Answer) =>
      `${a.operation} ${a.signedIn ? 'signed in' : 'anonymous'} — ${a.kind}: ${a.status} in ${Math.round(a.ms)} ms ${a.body}`;
    const failures = answers.filter((a) => a.status >= 500).map(describeAnswer);
    const slow = answers.filter((a) => a.ms > ANSWER_BUDGET_MS).map(describeAnswer);
    const shapeless = answers.filter((a) => !a.inErrorFormat).map(describeAnswer);
    const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.info(
      `fuzz: ${operations.length} operations, ${answers.length} requests in ${Math.round(elapsed)} ms, ` +
        `${failures.length} 5xx, slowest ${describeAnswer(slowest)}`,
    );
    expect(failures).toEqual([]);
    expect(slow).toEqual([]);
    expect(shapeless).toEqual([]);

    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The member is still signed in with their team, so the calls above reached the real handlers.
    const me = await t.app.inject({ url: `/api/user/${account.guid}`, headers: account.auth });
    expect(me.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/organization', headers: account.auth })).statusCode).toBe(200);
  }, 120_000);
});
