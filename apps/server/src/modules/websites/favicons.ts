import { findFavicon } from '@sitelens/engine';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { QueryFn } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { guardedFetcherFor } from '../../platform/fetcher';

/** Served for a website without an icon of its own (or before it is fetched): a plain globe. */
export const DEFAULT_FAVICON = {
  contentType: 'image/svg+xml',
  body: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="16" height="16">' +
      '<circle cx="8" cy="8" r="7" fill="none" stroke="#8c8c8c" stroke-width="1.2"/>' +
      '<path d="M1 8h14M8 1c2 2 3 4.3 3 7s-1 5-3 7M8 1C6 3 5 5.3 5 8s1 5 3 7" fill="none" stroke="#8c8c8c" stroke-width="1.2"/>' +
      '</svg>',
  ),
};

/**
 * Fetches a website's icon from the site itself (never from a public favicon service) and keeps
 * it, or keeps "none". Idempotent: one row per website, replaced by the latest fetch.
 */
export const faviconJob = defineJob(
  'websites.favicon',
  z.object({ websiteId: z.uuid() }),
  async ({ websiteId }, { database }) => {
    const [website] = await database.query<{ homepage_url: string; status: string }>(
      'select homepage_url, status from websites where id = $1',
      [websiteId],
    );
    if (!website || website.status === 'setting_up' || website.status === 'failed') return;
    const icon = await findFavicon(website.homepage_url, guardedFetcherFor(loadConfig()));
    await database.query(
      `insert into website_favicons (website_id, content_type, body, source_url, bytes, fetched_at)
       select $1, $2, $3, $4, $5, now() where exists (select 1 from websites where id = $1)
       on conflict (website_id) do update set content_type = excluded.content_type, body = excluded.body,
         source_url = excluded.source_url, bytes = excluded.bytes, fetched_at = excluded.fetched_at`,
      [websiteId, icon?.contentType ?? null, icon?.body ?? null, icon?.url ?? null, icon?.body.length ?? 0],
    );
  },
  { retryLimit: 2, retryDelay: 30, expireInSeconds: 120 },
);

/** The stored icon of a website of this organization, the default when it has none; null: no such website. */
export async function readFavicon(
  query: QueryFn,
  organizationId: string,
  websiteId: string,
): Promise<{ contentType: string; body: Buffer; own: boolean; fetched: boolean } | null> {
  const [row] = await query<{
    content_type: string | null;
    body: Buffer | Uint8Array | null;
    fetched: boolean;
  }>(
    `select f.content_type, f.body, f.website_id is not null as fetched
       from websites w left join website_favicons f on f.website_id = w.id
      where w.id = $1 and w.organization_id = $2`,
    [websiteId, organizationId],
  );
  if (!row) return null;
  if (!row.body || !row.content_type) return { ...DEFAULT_FAVICON, own: false, fetched: row.fetched };
  return { contentType: row.content_type, body: Buffer.from(row.body), own: true, fetched: true };
}
