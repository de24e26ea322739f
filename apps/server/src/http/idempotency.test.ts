import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, type TestApp, teamAccount } from '../test/app';
import { IDEMPOTENCY_MESSAGES } from './idempotency';

// A double click on "Save template" sent two identical creations and made two templates. With an
// Idempotency-Key the second gets the first's answer and creates nothing, for a minute.

let t: TestApp;
let account: Account;
beforeAll(async () => {
  t = await createTestApp();
  account = await teamAccount(t, { allow_white_label_reports: true });
});
afterAll(() => t.close());

const template = (name: string) => ({
  engine_version: '1.0.0',
  theme: 'default',
  name,
  content_blocks: { header: 'Acme Agency SEO audit', footer: 'Prepared by Acme Agency' },
});

const save = (body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/white-label/template',
    headers: { ...account.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const countNamed = async (name: string) =>
  (
    await t.database.query<{ n: number }>(
      'select count(*)::int as n from white_label_templates where name = $1',
      [name],
    )
  )[0]!.n;

describe('Idempotency-Key', () => {
  it('creates once for two simultaneous requests with one key; both read the same answer', async () => {
    const [first, second] = await Promise.all([
      save(template('Double click'), 'key-double-click-1'),
      save(template('Double click'), 'key-double-click-1'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().guid).toBe(second.json().guid);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].sort()).toEqual([
      'true',
      undefined,
    ]);
    expect(await countNamed('Double click')).toBe(1);
  });

  it('answers a later repeat from the first answer for a minute, then creates again', async () => {
    const first = await save(template('Retry'), 'key-retry-0001');
    const repeat = await save(template('Retry'), 'key-retry-0001');
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(await countNamed('Retry')).toBe(1);
    await t.database.query(
      "update idempotent_requests set created_at = now() - interval '61 seconds' where key = 'key-retry-0001'",
    );
    expect((await save(template('Retry'), 'key-retry-0001')).statusCode).toBe(201);
    expect(await countNamed('Retry')).toBe(2);
  });

  it('creates each request without a key, and each key once', async () => {
    await save(template('Two keys'), 'key-two-keys-a');
    await save(template('Two keys'), 'key-two-keys-b');
    await save(template('Two keys'));
    expect(await countNamed('Two keys')).toBe(3);
  });

  it('refuses a key reused for another request, and a malformed key, with 400', async () => {
    await save(template('Reused'), 'key-reused-0001');
    const other = await save(template('Something else'), 'key-reused-0001');
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await countNamed('Something else')).toBe(0);
    const bad = await save(template('Bad key'), 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(IDEMPOTENCY_MESSAGES.badKey);
    expect(await countNamed('Bad key')).toBe(0);
  });

  it('keeps a refusal as the answer, and keys are per user', async () => {
    const refused = await save({ ...template('x'.repeat(500)) }, 'key-refused-01');
    expect(refused.statusCode).toBe(400);
    const again = await save({ ...template('x'.repeat(500)) }, 'key-refused-01');
    expect(again.statusCode).toBe(400);
    const other = await teamAccount(t, { allow_white_label_reports: true });
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/white-label/template',
      headers: { ...other.auth, 'idempotency-key': 'key-double-click-1' },
      payload: template('Double click'),
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await countNamed('Double click')).toBe(2);
  });
});
