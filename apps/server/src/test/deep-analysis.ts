import pino from 'pino';
import { expect } from 'vitest';
import { deepAnalysisJob } from '../modules/deep-analysis/jobs';
import type { Account, TestApp } from './app';

const logger = pino({ level: 'silent' });

/** Calls and jobs of Deep Analysis as its API tests drive them. */
export function deepAnalysisDriver(t: () => TestApp) {
  const api = (
    account: Account,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t().app.inject({
      method,
      url: `/api${url}`,
      headers: account.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** A tracked website of the account (`{name}.example.com`), crawled without Chromium unless asked. */
  async function website(account: Account, name: string, browserSample = 0): Promise<string> {
    const created = await api(account, 'POST', '/website-index', {
      domain: `${name}.example.com`,
      homepage_url: `http://${name}.example.com/`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const guid = created.json().guid as string;
    const patched = await api(account, 'PATCH', `/website-index/settings/${guid}`, {
      crawl: { follow_links: true, browser_sample: browserSample, urls_per_second: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    return guid;
  }

  /** Runs every process the website has queued, as a worker would, until none is left running. */
  async function runProcesses(websiteId: string): Promise<void> {
    for (let round = 0; round < 5; round++) {
      const running = await t().database.query<{ id: string }>(
        `select id from analysis_processes where website_id = $1 and status = 'running' order by created_at`,
        [websiteId],
      );
      if (running.length === 0) return;
      for (const { id } of running)
        await deepAnalysisJob.handler(
          { processId: id },
          { database: t().database, queue: t().queue, logger, jobId: `test-${id}` },
        );
    }
  }

  return { api, website, runProcesses };
}
