import { DEEP_ANALYSIS_HISTORY_MESSAGES, RECRAWL_TASK } from '@sitelens/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, givePlan, type TestApp, teamAccount } from '../../test/app';
import { deepAnalysisDriver } from '../../test/deep-analysis';
import { recrawlJob, startDueRecrawls } from './recrawl';

const logger = pino({ level: 'silent' });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { api } = deepAnalysisDriver(() => t);

const withUrls = (dp_max_urls = 100) =>
  teamAccount(t, { max_tracked_websites: 10, max_monitored_regions: 1, dp_max_urls });

let count = 0;
/** A website of the account; with `urls`, monitored URLs whose first batch started `startedDaysAgo`. */
async function website(
  account: Account,
  options: { urls?: number; startedDaysAgo?: number; running?: boolean; recrawlDays?: number } = {},
): Promise<string> {
  const domain = `recrawl-${++count}.example.com`;
  const created = await api(account, 'POST', '/website-index', {
    domain,
    homepage_url: `https://${domain}/`,
  });
  expect(created.statusCode, created.body).toBe(201);
  const w = created.json().guid as string;
  if (options.recrawlDays !== undefined) {
    const patched = await api(account, 'PATCH', `/website-index/settings/${w}`, {
      crawl: {
        follow_links: true,
        browser_sample: 0,
        urls_per_second: null,
        recrawl_days: options.recrawlDays,
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  }
  if (options.urls) {
    const urls = Array.from({ length: options.urls }, (_, i) => `https://${domain}/p/${i}`);
    const added = await api(account, 'POST', `/serviceable-url/${w}`, { urls });
    expect(added.statusCode, added.body).toBe(201);
    // The batch the URLs started, as it would have run: finished (unless still running) that long ago.
    await t.database.query(
      `update analysis_processes set status = $2, created_at = now() - make_interval(days => $3)
        where website_id = $1`,
      [w, options.running ? 'running' : 'completed', options.startedDaysAgo ?? 0],
    );
    if (!options.running)
      await t.database.query(
        `update serviceable_urls set crawl_state = 'done', analysed_at = now() - interval '1 day' where website_id = $1`,
        [w],
      );
  }
  return w;
}

const processesOf = (websiteId: string) =>
  t.database.query<{ id: string; type: string; status: string; subprocesses_count: number }>(
    'select id, type, status, subprocesses_count from analysis_processes where website_id = $1 order by created_at',
    [websiteId],
  );

const runJob = () =>
  recrawlJob.handler({}, { database: t.database, queue: t.queue, logger, jobId: 'test-recrawl' });

describe('scheduled re-crawls', () => {
  it('start exactly one batch for a website due, and none for the others', async () => {
    const account = await withUrls();
    const due = await website(account, { urls: 3, startedDaysAgo: 8 });
    const fresh = await website(account, { urls: 2, startedDaysAgo: 6 });
    const off = await website(account, { urls: 2, startedDaysAgo: 30, recrawlDays: 0 });
    const running = await website(account, { urls: 2, startedDaysAgo: 30, running: true });
    const empty = await website(account);
    const everyTwo = await website(account, { urls: 1, startedDaysAgo: 3, recrawlDays: 2 });
    // A plan without Deep Analysis any more: its URLs stay, nothing starts.
    const lapsed = await withUrls();
    const unpaid = await website(lapsed, { urls: 1, startedDaysAgo: 30 });
    await givePlan(t.database, lapsed.guid, { max_tracked_websites: 10, dp_max_urls: 0 });
    const [unpaidOrg] = await t.database.query<{ id: string }>(
      'select organization_id as id from websites where id = $1',
      [unpaid],
    );
    expect(await t.app.deps.services.planLimits.limit(t.database.query, unpaidOrg!.id, 'dp_max_urls')).toBe(
      0,
    );

    const before = new Map<string, number>();
    for (const w of [due, fresh, off, running, empty, everyTwo, unpaid])
      before.set(w, (await processesOf(w)).length);

    await runJob();

    const started = await processesOf(due);
    expect(started).toHaveLength(2);
    expect(started[1]).toMatchObject({
      type: 'on_page_seo_batch_url_analysis',
      status: 'running',
      subprocesses_count: 3,
    });
    const [pending] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from serviceable_urls where website_id = $1 and crawl_state = 'pending'`,
      [due],
    );
    expect(pending!.n).toBe(3);
    // Its job is queued for the workers, with the process to run.
    const jobs = await t.database.query<{ data: { processId: string } }>(
      `select data from pgboss.job where name = 'deep-analysis.process' and data->>'processId' = $1`,
      [started[1]!.id],
    );
    expect(jobs).toHaveLength(1);
    expect((await processesOf(everyTwo)).length).toBe(before.get(everyTwo)! + 1);
    for (const w of [fresh, off, running, empty, unpaid])
      expect((await processesOf(w)).length, w).toBe(before.get(w));

    // A second run starts nothing again.
    await runJob();
    expect(await processesOf(due)).toHaveLength(2);
    expect((await processesOf(everyTwo)).length).toBe(before.get(everyTwo)! + 1);
  });

  it('start one batch when two runs race for the same website', async () => {
    const account = await withUrls();
    const w = await website(account, { urls: 2, startedDaysAgo: 10 });
    const deps = { database: t.database, queue: t.queue, planLimits: t.app.deps.services.planLimits };
    const [one, two] = await Promise.all([startDueRecrawls(deps), startDueRecrawls(deps), runJob()]);
    // The job's run returns nothing; the two direct runs say whether they started it.
    expect([...one, ...two].filter((started) => started.websiteId === w).length).toBeLessThanOrEqual(1);
    const processes = await processesOf(w);
    expect(processes).toHaveLength(2);
    expect(processes.filter((process) => process.status === 'running')).toHaveLength(1);
  });

  it('show in the scheduled tasks, with the last and the next run', async () => {
    const account = await withUrls();
    const fresh = await website(account, { urls: 1, startedDaysAgo: 2 });
    const res = await api(account, 'GET', `/website-index/scheduled-tasks/${fresh}`);
    expect(res.statusCode, res.body).toBe(200);
    const [task, ...rest] = res.json() as {
      task: string;
      description: string;
      interval_seconds: number;
      last_run_at: string;
      next_run_at: string;
    }[];
    expect(rest).toEqual([]);
    const [last] = await t.database.query<{ created_at: Date }>(
      'select created_at from analysis_processes where website_id = $1',
      [fresh],
    );
    expect(task).toEqual({
      task: RECRAWL_TASK,
      description: DEEP_ANALYSIS_HISTORY_MESSAGES.recrawlTask(7),
      interval_seconds: 7 * 86_400,
      last_run_at: new Date(last!.created_at).toISOString(),
      next_run_at: expect.any(String),
    });
    // The hourly run after the interval has passed.
    const due = new Date(last!.created_at).getTime() + 7 * 86_400_000;
    const next = new Date(task!.next_run_at).getTime();
    expect(next).toBeGreaterThanOrEqual(due);
    expect(next - due).toBeLessThan(3_600_000);

    // Overdue: the next hourly run.
    const overdue = await website(account, { urls: 1, startedDaysAgo: 9, running: true });
    const [late] = (await api(account, 'GET', `/website-index/scheduled-tasks/${overdue}`)).json();
    expect(new Date(late.next_run_at).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(new Date(late.next_run_at).getTime()).toBeGreaterThanOrEqual(Date.now() - 1000);

    // No task when re-crawls are off or there is nothing to crawl.
    const off = await website(account, { urls: 1, startedDaysAgo: 1, recrawlDays: 0 });
    expect((await api(account, 'GET', `/website-index/scheduled-tasks/${off}`)).json()).toEqual([]);
    const empty = await website(account);
    expect((await api(account, 'GET', `/website-index/scheduled-tasks/${empty}`)).json()).toEqual([]);

    const stranger = await withUrls();
    expect((await api(stranger, 'GET', `/website-index/scheduled-tasks/${fresh}`)).statusCode).toBe(404);
  });
});
