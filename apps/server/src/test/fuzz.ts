import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ERROR_STATUS } from '../errors';
import { BODY_LIMIT } from '../http/body-limits';
import type { Account } from './app';

// Bad input for every operation of the OpenAPI document: bodies nested `depth` levels deep,
// megabyte strings in each field, bodies over the limit and the wrong content types, signed in and
// not. http/fuzz.test.ts sends it with bodies 2,000 levels deep; `npm run bench -- scale` with
// 100,000 and times each answer.

const HUGE = 1_000_000;
const LONG_QUERY = 8_000; // under Node's 16 KiB limit on headers, so a real request can carry it

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
export interface FuzzOperation {
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
  /** A body nested `depth` levels deep. */
  deep?: boolean;
}

export interface FuzzAnswer {
  operation: string;
  kind: string;
  signedIn: boolean;
  status: number;
  ms: number;
  /** The start of the answer, to name it in a failure. */
  body: string;
  /** False for an error answer that is not in the product's format. */
  inErrorFormat: boolean;
  /** The probe was a body nested `depth` levels deep. */
  deep: boolean;
}

/** Every operation of the app's OpenAPI document, with its parameters and JSON body schema. */
export async function fuzzOperations(app: FastifyInstance): Promise<FuzzOperation[]> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

let sequence = 0;
/** Each request is unique, so no rate limit on an address or an e-mail hides the real answer. */
const next = () => ++sequence;

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

/** A distinct client address for the nth request. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** An error answer in the product's format: JSON `{ error, code }` with one of its codes. */
function isErrorReply(text: string): boolean {
  try {
    const body = JSON.parse(text);
    return typeof body.error === 'string' && Object.hasOwn(ERROR_STATUS, body.code);
  } catch {
    return false;
  }
}

/** An answer in a line, to name it in a failure. */
export const describeAnswer = (a: FuzzAnswer) =>
  `${a.operation} ${a.signedIn ? 'signed in' : 'anonymous'} — ${a.kind}: ${a.status} in ${Math.round(a.ms)} ms ${a.body}`;

/**
 * Sends bad input to every operation, signed in as `account` and anonymous, one request at a
 * time; `deepOnly` keeps to the bodies nested `depth` levels deep. Each answer is timed.
 */
export async function fuzzEveryOperation(
  app: FastifyInstance,
  account: Account,
  operations: readonly FuzzOperation[],
  options: { depth: number; deepOnly?: boolean },
): Promise<FuzzAnswer[]> {
  const { depth } = options;
  const deepArray = '['.repeat(depth) + ']'.repeat(depth);
  const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const levels = depth.toLocaleString('en-US');

  /** Bodies of the right shape with one bad field each: a megabyte string, plain and shaped, or deep nesting. */
  const fieldProbes = (schema: JsonSchema): Probe[] => {
    const shapes = schema.anyOf ?? schema.oneOf ?? [schema];
    return shapes.flatMap((shape) => {
      const valid = sample(shape);
      return stringPaths(valid).flatMap(({ path, key }) => {
        const where = path.join('.');
        const nesting = {
          kind: `deep nesting in ${where}`,
          payload: withRawAt(valid, path, deepArray),
          deep: true,
        };
        if (options.deepOnly) return [{ ...nesting, contentType: 'application/json' }];
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
          nesting,
        ].map((probe) => ({ ...probe, contentType: 'application/json' }));
      });
    });
  };

  const commonProbes: Probe[] = [
    { kind: `array nested ${levels} deep`, payload: deepArray, contentType: 'application/json', deep: true },
    {
      kind: `object nested ${levels} deep`,
      payload: deepObject,
      contentType: 'application/json',
      deep: true,
    },
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

  const send = async (operation: FuzzOperation, probe: Probe, signedIn: boolean): Promise<FuzzAnswer> => {
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
    const res: LightMyRequestResponse = await app.inject(request);
    return {
      operation: `${operation.method} ${operation.path}`,
      kind: probe.kind,
      signedIn,
      status: res.statusCode,
      ms: performance.now() - started,
      body: res.body.slice(0, 200),
      inErrorFormat: res.statusCode < 400 || isErrorReply(res.body),
      deep: probe.deep === true,
    };
  };

  const answers: FuzzAnswer[] = [];
  for (const operation of operations) {
    const probes = [
      ...commonProbes,
      ...(operation.body ? fieldProbes(operation.body) : []),
      ...(options.deepOnly ? [] : queryProbes(operation.parameters)),
    ].filter((probe) => !options.deepOnly || probe.deep);
    for (const signedIn of [true, false]) {
      for (const probe of probes) answers.push(await send(operation, probe, signedIn));
      if (!options.deepOnly) answers.push(await send(operation, streamedProbe(), signedIn));
    }
  }
  return answers;
}
