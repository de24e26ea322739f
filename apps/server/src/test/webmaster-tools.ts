import type { CrawlSitePage } from '@sitelens/engine/testing/crawl-site';
import { htmlPage } from '@sitelens/engine/testing/crawl-site';
import pino from 'pino';
import { toolRunJob } from '../modules/webmaster-tools/jobs';
import type { TestApp } from './app';

const logger = pino({ level: 'silent' });

/** Runs every webmaster tool run left running, as a worker would. */
export async function runToolRuns(t: TestApp, jobId = 'test-job'): Promise<void> {
  const running = await t.database.query<{ id: string }>(
    `select id from tool_runs where status = 'running' order by created_at`,
  );
  for (const { id } of running)
    await toolRunJob.handler(
      { runId: id },
      { database: t.database, queue: t.queue, logger, jobId: `${jobId}-${id}` },
    );
}

const redirect = (to: string, status = 301): CrawlSitePage => ({
  status,
  headers: { location: to },
  body: '',
});
const page = (title: string, links: string[] = [], head = ''): CrawlSitePage => ({
  body: htmlPage({ title, description: `About ${title.toLowerCase()}.`, links, head }),
});

/**
 * A site with planted link problems (`links.example.com`), the other site it links to
 * (`elsewhere.example.com`), and the answers a correct run finds.
 */
export const LINKED_SITE: Record<string, CrawlSitePage> = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' },
  '/': page('Home of the linked site', [
    '/about',
    '/blog/1',
    '/missing',
    '/moved',
    '/chain-1',
    '/loop-a',
    '/noindexed',
    '/canonical-elsewhere',
    '/private/report',
    '/files/report.pdf',
    'http://elsewhere.example.com/fine',
    'http://elsewhere.example.com/gone',
    'http://elsewhere.example.com/busy',
  ]),
  '/about': page('About the linked site', ['/', '/server-error', 'http://elsewhere.example.com/gone']),
  '/blog/1': page(
    'The first post',
    ['/blog/2', '/'],
    '<meta property="article:modified_time" content="2026-03-04T05:06:07Z">',
  ),
  '/blog/2': {
    headers: { 'last-modified': 'Tue, 10 Feb 2026 08:00:00 GMT' },
    body: htmlPage({
      title: 'The second post',
      links: ['/blog/1'],
      text: 'A picture: <img src="/images/chart.png" alt="A chart">',
    }),
  },
  '/server-error': { status: 500, body: 'The server failed' },
  '/moved': redirect('/about'),
  '/chain-1': redirect('/chain-2', 302),
  '/chain-2': redirect('/about'),
  '/loop-a': redirect('/loop-b'),
  '/loop-b': redirect('/loop-a'),
  '/noindexed': page('Not for search engines', ['/'], '<meta name="robots" content="noindex">'),
  '/canonical-elsewhere': page('A copy of about', ['/'], '<link rel="canonical" href="{{origin}}/about">'),
  '/private/report': page('Private'),
  '/files/report.pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4 a report' },
};

export const ELSEWHERE_SITE: Record<string, CrawlSitePage> = {
  '/fine': page('A fine page elsewhere'),
  '/busy': { status: 429, body: 'Too many requests' },
};
