import { SEO_DATA_ERROR_CODES } from '@sitelens/contracts';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import type { Account, TestApp } from '../../test/app';
import { type FakeDataForSeo, startFakeDataForSeo } from '../../test/dataforseo-server';
import { seoDataApp } from '../../test/seo-data';
import { dataCapCommand } from './data-cap-command';

// The operator's per-organization cap: `sitelens data-cap <email> [<usd>|none|default]` sets what
// the organization may spend instead of SEO_DATA_MONTHLY_CAP_USD, and the calls follow it at once.

describe('sitelens data-cap', () => {
  let fake: FakeDataForSeo;
  let t: TestApp;
  let account: Account;
  const config = loadConfig({ SEO_DATA_MONTHLY_CAP_USD: '25' });
  const logger = pino({ level: 'silent' });

  async function run(...args: string[]) {
    let out = '';
    let err = '';
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      err += String(chunk);
      return true;
    });
    try {
      const code = await dataCapCommand(t.database, config, logger, args);
      return { code, out, err };
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  }
  const backlinks = (offset: number) =>
    t.app.inject({ url: `/api/dfs/backlinks?domain=shop.example&offset=${offset}`, headers: account.auth });
  const usage = async () =>
    (await t.app.inject({ url: '/api/dfs/usage', headers: account.auth })).json().cap_usd;

  beforeAll(async () => {
    fake = await startFakeDataForSeo();
    ({ t, account } = await seoDataApp(fake, { capUsd: 25 }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the server's cap until the operator sets the organization's own", async () => {
    const shown = await run(account.email);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(
      /: \$25\.00 a month \(the server's SEO_DATA_MONTHLY_CAP_USD\); \$0\.00 spent in \d{4}-\d{2}\n$/,
    );
  });

  it('a cap of 0 stops the next call before it goes out; none lifts it; default restores the server’s', async () => {
    const zero = await run(account.email, '0');
    expect(zero.out).toContain('$0.00 a month (set for this organization)');
    expect(await usage()).toBe(0);
    const refused = await backlinks(0);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(SEO_DATA_ERROR_CODES.budgetSpent);
    expect(fake.received).toBe(0);

    expect((await run(account.email.toUpperCase(), 'none')).out).toContain(
      'no cap (set for this organization)',
    );
    expect(await usage()).toBeNull();
    expect((await backlinks(0)).statusCode).toBe(200);
    expect(fake.received).toBe(1);

    expect((await run(account.email, '12.5')).out).toContain('$12.50 a month (set for this organization)');
    expect(await usage()).toBe(12.5);
    expect((await run(account.email, 'default')).out).toContain(
      "$25.00 a month (the server's SEO_DATA_MONTHLY_CAP_USD)",
    );
    expect(await usage()).toBe(25);
  });

  it('refuses an unknown user and an amount that is not one, changing nothing', async () => {
    expect(await run('nobody@example.com', '5')).toMatchObject({
      code: 1,
      err: 'No user with the e-mail nobody@example.com in an organization.\n',
    });
    for (const bad of ['-1', 'ten', '1.234', '2000000']) {
      const refused = await run(account.email, bad);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain(`"${bad}" is not an amount in USD`);
    }
    expect(await usage()).toBe(25);
    expect((await run()).code).toBe(2);
  });
});
