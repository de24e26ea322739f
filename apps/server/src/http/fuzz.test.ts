import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, addWebsite, createTestApp, registerUser, startTrial, type TestApp } from '../test/app';
import {
  describeAnswer,
  FUZZ_WEBSITE,
  type FuzzOperation,
  fuzzEveryOperation,
  fuzzOperations,
} from '../test/fuzz';

// Bad input never answers 5xx: every operation of the OpenAPI document gets bodies nested far past
// the depth limit, megabyte strings in each field, long random URLs, the years 0000 and 9999 in
// dates, ids past 32 and 64 bits, bodies over the limit and the wrong content types, signed in and
// not. A new route is covered the day it is added. `npm run bench -- scale` sends the same with
// bodies 100,000 levels deep and holds each answer to a time budget.
const DEPTH = 2_000;

let t: TestApp;
let account: Account;
let operations: FuzzOperation[];
beforeAll(async () => {
  t = await createTestApp();
  account = await registerUser(t.app);
  // A team and a subscription, so the calls of a member get past "no team" to their real work.
  await startTrial(t.app, account);
  // The website the sample URLs and domains name, so calls by URL or domain reach their real work.
  await addWebsite(t.app, account, FUZZ_WEBSITE);
  operations = await fuzzOperations(t.app);
});
afterAll(() => t.close());

describe('bad input', () => {
  it('never answers 5xx on any operation: errors come in the error format, and the server stays healthy', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const started = performance.now();
    const answers = await fuzzEveryOperation(t.app, account, operations, { depth: DEPTH });
    const elapsed = performance.now() - started;

    const failures = answers.filter((a) => a.status >= 500).map(describeAnswer);
    const shapeless = answers.filter((a) => !a.inErrorFormat).map(describeAnswer);
    const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.info(
      `fuzz: ${operations.length} operations, ${answers.length} requests in ${Math.round(elapsed)} ms, ` +
        `${failures.length} 5xx, slowest ${describeAnswer(slowest)}`,
    );
    expect(failures).toEqual([]);
    expect(shapeless).toEqual([]);
    // Every deep body a member sends with a body-carrying method is refused by the depth guard.
    const deepBodies = answers.filter((a) => a.deep && a.signedIn && /^(POST|PUT|PATCH) /.test(a.operation));
    expect(deepBodies.length).toBeGreaterThan(100);
    expect(
      deepBodies
        .filter((a) => a.status !== 400 || !a.body.includes('nested deeper than'))
        .map(describeAnswer),
    ).toEqual([]);

    // Each new kind of probe reached the operations that take it.
    const sent = (prefix: string) => answers.filter((a) => a.kind.startsWith(prefix));
    expect(sent('long URL in ').length).toBeGreaterThan(50);
    expect(sent('id ').length).toBeGreaterThan(0);
    // A date outside the days the product keeps is refused with the field named, before any work.
    const dates = sent('date ');
    expect(dates.length).toBeGreaterThan(40);
    expect(
      dates
        .filter((a) => a.status !== 400 || !a.body.includes(a.kind.split(' ').at(-1)!))
        .map(describeAnswer),
    ).toEqual([]);

    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The member is still signed in with their team, so the calls above reached the real handlers.
    const me = await t.app.inject({ url: `/api/user/${account.guid}`, headers: account.auth });
    expect(me.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/organization', headers: account.auth })).statusCode).toBe(200);
  }, 120_000);
});
