import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SALES_MESSAGES } from '@sitelens/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createTestApp,
  givePlan,
  joinTeam,
  registerUser,
  startTrial,
  type TestApp,
} from '../../test/app';
import { type FuzzOperation, fuzzOperations, type JsonSchema, sample } from '../../test/fuzz';
import { OWNER_ONLY } from './service';

// The roles table of docs/accounts.md is the rule: every operation of the OpenAPI document has a
// row, and each row holds for a member and for the owner of a team with a subscription. What is
// asked here is only the role decision: placeholder input may well get 400 or 404.

type Access = 'public' | 'allowed' | 'refused';
interface Row {
  operation: string;
  owner: Access;
  member: Access;
}

const DOC = new URL('../../../../../docs/accounts.md', import.meta.url);

/** The rows of the tables under "## Roles": | `METHOD /path` | owner | member | note |. */
function readRoleTable(markdown: string): Row[] {
  const section = markdown.split(/^## Roles$/m)[1]?.split(/^## /m)[0] ?? '';
  const access = (cell: string): Access => {
    if (cell === 'public' || cell === 'allowed') return cell;
    if (cell === 'refused (403)') return 'refused';
    throw new Error(`unknown access '${cell}' in docs/accounts.md`);
  };
  return [...section.matchAll(/^\| `([A-Z]+ \/\S+)` \| ([^|]+?) \| ([^|]+?) \|/gm)].map((match) => ({
    operation: match[1]!,
    owner: access(match[2]!),
    member: access(match[3]!),
  }));
}

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

let address = 0;

/** The operation called with placeholder input: path, required query parameters and a JSON body. */
function requestFor(operation: FuzzOperation, account: Account): InjectOptions {
  const parameters = operation.parameters as Parameter[];
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(parameter ? sample(parameter.schema, name) : randomUUID()));
  });
  const query = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, String(sample(p.schema, p.name))]),
  );
  address += 1;
  return {
    method: operation.method as InjectOptions['method'],
    url,
    query,
    headers: account.auth,
    // Each call from its own address, so no per-address limit answers in place of the handler.
    remoteAddress: `10.77.${(address >> 8) & 255}.${address & 255}`,
    ...(operation.body ? { payload: sample(operation.body as JsonSchema) as object } : {}),
  };
}

const ROLE_REFUSALS = [OWNER_ONLY, SALES_MESSAGES.ownerOnly];

let t: TestApp;
let owner: Account;
let member: Account;
let operations: FuzzOperation[];
let rows: Row[];
/** The operations the OpenAPI document serves without a session. */
let unsecured: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  await startTrial(t.app, owner);
  // Room in every limit, so no plan refusal (also a 403) stands where a role decision is asked.
  await givePlan(t.database, owner.guid, {
    seo_analysis_limit: 1000,
    max_tracked_websites: 100,
    max_keywords: 1000,
    max_monitored_regions: 10,
    max_competitors: 10,
    dp_max_domains: 100,
    dp_max_urls: 10_000,
    max_team_members: 10,
    allow_white_label_reports: true,
  });
  member = await joinTeam(t.app, t.database, owner, 'member@role-matrix.test');
  operations = await fuzzOperations(t.app);
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  unsecured = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => !operation.security?.length)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  rows = readRoleTable(readFileSync(DOC, 'utf8'));
});
afterAll(() => t.close());

const nameOf = (operation: FuzzOperation) => `${operation.method} ${operation.path}`;

/** The calls that end the caller's sign-in or account, in the order they go last. */
const ENDINGS = ['POST /api/auth/logout', 'DELETE /api/user'];

/** Every operation, those that end the caller's sign-in last, so each other call is made signed in. */
const inWalkingOrder = (all: FuzzOperation[]) =>
  [...all].sort((a, b) => ENDINGS.indexOf(nameOf(a)) - ENDINGS.indexOf(nameOf(b)));

describe('the roles table of docs/accounts.md', () => {
  it('has one row for every operation of the OpenAPI document, and none for an operation that is gone', () => {
    expect(operations.length).toBeGreaterThan(50);
    const documented = rows.map((row) => row.operation);
    expect(new Set(documented).size, 'an operation listed twice').toBe(documented.length);
    const served = operations.map(nameOf);
    expect(
      served.filter((name) => !documented.includes(name)),
      'operations without a row',
    ).toEqual([]);
    expect(
      documented.filter((name) => !served.includes(name)),
      'rows without an operation',
    ).toEqual([]);
    expect(
      rows.filter((row) => row.owner === 'refused'),
      'the owner is never refused',
    ).toEqual([]);
    // 'public' is what the document says: no session asked, for either role.
    expect(
      rows
        .filter((row) => row.owner === 'public' || row.member === 'public')
        .map((row) => row.operation)
        .sort(),
    ).toEqual([...unsecured].sort());
    expect(rows.filter((row) => (row.owner === 'public') !== (row.member === 'public'))).toEqual([]);
  });

  it('holds for a member and for the owner on every route', async () => {
    const access = new Map(rows.map((row) => [row.operation, row]));
    const wrong: string[] = [];
    let refused = 0;
    for (const [who, account] of [
      ['member', member],
      ['owner', owner],
    ] as const) {
      for (const operation of inWalkingOrder(operations)) {
        const row = access.get(nameOf(operation));
        if (!row) {
          wrong.push(`${nameOf(operation)}: no row in docs/accounts.md`);
          continue;
        }
        const res = await t.app.inject(requestFor(operation, account));
        const expected = who === 'member' ? row.member : row.owner;
        const roleRefusal = res.statusCode === 403 && ROLE_REFUSALS.includes(res.json().error);
        if (expected === 'refused') {
          refused += 1;
          if (!roleRefusal)
            wrong.push(`${who} ${nameOf(operation)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        } else if (res.statusCode === 403) {
          wrong.push(`${who} ${nameOf(operation)} (${expected}): 403 ${res.body.slice(0, 160)}`);
        }
      }
    }
    const open = rows.filter((row) => row.member !== 'refused');
    console.info(
      `role matrix: ${rows.length} routes, ${refused} refused to a member, ${open.length} allowed ` +
        `(${open.filter((row) => row.member === 'public').length} of them public)`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});
