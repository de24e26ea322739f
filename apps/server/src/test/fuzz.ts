import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ERROR_STATUS } from '../errors';
import { BODY_LIMIT } from '../http/body-limits';
import type { Account } from './app';

// Bad input for every operation of the OpenAPI document: bodies nested `depth` levels deep,
// megabyte strings in each field, long random URLs in URL fields, the years 0000 and 9999 in date
// fields, ids past 32 and 64 bits in integer path parameters, bodies over the limit and the wrong
// content types, signed in and not. http/fuzz.test.ts sends it with bodies 2,000 levels deep;
// `npm run bench -- scale` with 100,000 and times each answer.

const HUGE = 1_000_000;
const LONG_QUERY = 8_000; // under Node's 16 KiB limit on headers, so a real request can carry it
/** Dates at the ends of what ISO's four-digit years allow, and JavaScript's last day. */
const EXTREME_DATES = ['0000-01-01', '9999-12-31', '+275760-09-13'];
const EXTREME_DATE_TIMES = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];
/** Ids past a PostgreSQL integer (2^31) and past a bigint (2^63). */
const BIG_IDS = ['2147483648', '9223372036854775808'];

export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
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
  /** Replaces these path parameters' values, by name. */
  pathValues?: Record<string, string>;
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
export function sample(schema: JsonSchema, key = ''): unknown {
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
  if (schema.format === 'date-time') return '2024-01-31T12:00:00Z';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fits = ['123', '10001', '4111111111111111', 'fuzz'].find((candidate) => pattern.test(candidate));
    if (fits) return fits;
  }
  const hinted = shapeFor(key)?.('fuzz');
  return (hinted ?? 'fuzz').padEnd(schema.minLength ?? 0, 'z');
}

/**
 * The website the sample URLs and domains name (`fuzz` shaped as either): tracked, it lets a call by
 * URL or domain (outages, page loads, keyword positions) get past "no such website" to its real work.
 */
export const FUZZ_WEBSITE = { domain: 'fuzz.example.com', homepage_url: 'https://fuzz.example.com/' };

/** Field names that hold a URL. */
const URL_KEY = /url|competitors/i;

/** A string of the kind the field's name asks for, so a huge one passes the format check and goes deeper. */
function shapeFor(key: string): ((filler: string) => string) | null {
  // A notification channel's `target` too: its first kind is an e-mail address.
  if (/e-?mail|user_name|u_name|recipient|target/i.test(key)) return (filler) => `${filler}@example.com`;
  if (URL_KEY.test(key)) return (filler) => `${FUZZ_WEBSITE.homepage_url}${filler}`;
  if (/domain/i.test(key)) return (filler) => `${filler}.example.com`;
  return null;
}

const pick = (count: number) => Math.floor(Math.random() * count);
const randomText = (length: number, character: () => string) => Array.from({ length }, character).join('');

/**
 * Long random URLs: 3,000 ASCII characters, and 1,000 characters from CJK (3,000 bytes) that the
 * URL parser writes as 9,000, so a length check of the text as typed lets it through.
 */
function longUrls(): string[] {
  const ascii = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';
  return [
    `${FUZZ_WEBSITE.homepage_url}${randomText(3_000, () => ascii[pick(ascii.length)]!)}`,
    `${FUZZ_WEBSITE.homepage_url}${randomText(1_000, () => String.fromCharCode(0x4e00 + pick(0x5000)))}`,
  ];
}

/** Extreme values for a date field or parameter; none for another kind. */
function extremeDatesFor(schema: JsonSchema | undefined, key: string, sampled: unknown): string[] {
  if (schema?.format === 'date-time') return EXTREME_DATE_TIMES;
  if (schema?.format === 'date') return EXTREME_DATES;
  if (typeof sampled !== 'string' || !/date|_at$|_on$|since|until/i.test(key)) return [];
  return /T\d\d:/.test(sampled) ? EXTREME_DATE_TIMES : EXTREME_DATES;
}

/** A path parameter that holds a whole number: an integer, or digits by its pattern. */
const isIntegerParameter = (schema: JsonSchema) =>
  schema.type === 'integer' ||
  schema.type === 'number' ||
  (schema.pattern !== undefined && new RegExp(schema.pattern).test(BIG_IDS[0]!));

/** The schema of the value at `path` in a value of `schema`, as far as `sample` followed it. */
function schemaAt(
  schema: JsonSchema | undefined,
  path: readonly (string | number)[],
): JsonSchema | undefined {
  let at = schema;
  for (const step of path) {
    at = at?.anyOf?.[0] ?? at?.oneOf?.[0] ?? at;
    at = typeof step === 'number' ? at?.items : at?.properties?.[step];
  }
  return at?.anyOf?.[0] ?? at?.oneOf?.[0] ?? at;
}

/**
 * A sample value with only the properties its schema requires, and those on `path`: a probe there
 * is not refused for a sample elsewhere that does not fit together (a website and a URL, both).
 */
function requiredOnly(
  value: unknown,
  schema: JsonSchema | undefined,
  path: readonly (string | number)[],
): unknown {
  const at = schema?.anyOf?.[0] ?? schema?.oneOf?.[0] ?? schema;
  const rest = (step: string | number) => (step === path[0] ? path.slice(1) : []);
  if (Array.isArray(value)) return value.map((item, i) => requiredOnly(item, at?.items, rest(i)));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key === path[0] || at?.required?.includes(key))
      .map(([key, inner]) => [key, requiredOnly(inner, at?.properties?.[key], rest(key))]),
  );
}

/** Every string in a value, as a path of keys and indexes, with the key naming it. */
function stringPaths(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; key: string; value: string }[] {
  if (typeof value === 'string')
    return [{ path, key: String(path.findLast((p) => typeof p === 'string') ?? ''), value }];
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

/** Query strings with one parameter long (or a long URL, or an extreme date), the others valid. */
function queryProbes(parameters: Parameter[]): Probe[] {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const valid = Object.fromEntries(query.map((p) => [p.name, String(sample(p.schema, p.name))]));
  return query.flatMap((parameter) => {
    const long = `${next()}${'a'.repeat(LONG_QUERY)}`;
    const shape = shapeFor(parameter.name);
    const probe = (kind: string, value: string) => ({ kind, query: { ...valid, [parameter.name]: value } });
    return [
      ...[long, ...(shape ? [shape(long)] : [])].map((value) => probe(`long query ${parameter.name}`, value)),
      ...(URL_KEY.test(parameter.name) ? longUrls() : []).map((value) =>
        probe(`long URL in query ${parameter.name}`, value),
      ),
      ...extremeDatesFor(parameter.schema, parameter.name, valid[parameter.name]).map((value) =>
        probe(`date ${value} in query ${parameter.name}`, value),
      ),
    ];
  });
}

/** Ids past 32 and 64 bits in each integer path parameter, the others valid. */
function pathProbes(parameters: Parameter[]): Probe[] {
  return parameters
    .filter((parameter) => parameter.in === 'path' && isIntegerParameter(parameter.schema))
    .flatMap((parameter) =>
      BIG_IDS.map((id) => ({
        kind: `id ${id} in path ${parameter.name}`,
        pathValues: { [parameter.name]: id },
      })),
    );
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

  /**
   * Bodies of the right shape with one bad field each: a megabyte string, plain and shaped, a long
   * URL or an extreme date where the field takes one, or deep nesting.
   */
  const fieldProbes = (schema: JsonSchema): Probe[] => {
    const shapes = schema.anyOf ?? schema.oneOf ?? [schema];
    return shapes.flatMap((variant) => {
      const valid = sample(variant);
      return stringPaths(valid).flatMap(({ path, key, value }) => {
        const where = path.join('.');
        const nesting = {
          kind: `deep nesting in ${where}`,
          payload: withRawAt(valid, path, deepArray),
          deep: true,
        };
        if (options.deepOnly) return [{ ...nesting, contentType: 'application/json' }];
        const huge = () => `${next()}${'a'.repeat(HUGE)}`;
        const shape = shapeFor(key);
        const probe = (kind: string, replacement: string, body = valid) => ({
          kind,
          payload: withRawAt(body, path, JSON.stringify(replacement)),
        });
        // Long URLs and extreme dates go in a body with nothing else optional, to reach the work
        // that keeps them.
        const bare = requiredOnly(valid, variant, path);
        return [
          probe(`1 MB string in ${where}`, huge()),
          ...(shape ? [probe(`1 MB shaped string in ${where}`, shape(huge()))] : []),
          ...(URL_KEY.test(key) ? longUrls() : []).map((url) => probe(`long URL in ${where}`, url, bare)),
          ...extremeDatesFor(schemaAt(variant, path), key, value).map((date) =>
            probe(`date ${date} in ${where}`, date, bare),
          ),
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
      if (probe.pathValues?.[name]) return probe.pathValues[name];
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
      ...(options.deepOnly
        ? []
        : [...queryProbes(operation.parameters), ...pathProbes(operation.parameters)]),
    ].filter((probe) => !options.deepOnly || probe.deep);
    for (const signedIn of [true, false]) {
      for (const probe of probes) answers.push(await send(operation, probe, signedIn));
      if (!options.deepOnly) answers.push(await send(operation, streamedProbe(), signedIn));
    }
  }
  return answers;
}
